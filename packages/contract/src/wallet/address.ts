/**
 * Address formats of the chains the platform accepts, checked as far as a browser can without a
 * hash function: alphabet, length, prefix, the bech32 checksum and the decoded size. The server
 * adds the base58check checksums (SHA-256) of Tron and legacy Bitcoin addresses.
 */
export const ADDRESS_FORMATS = ['evm', 'tron', 'bitcoin', 'solana'] as const;
export type AddressFormat = (typeof ADDRESS_FORMATS)[number];

export function isAddressFormat(value: unknown): value is AddressFormat {
  return typeof value === 'string' && (ADDRESS_FORMATS as readonly string[]).includes(value);
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE58_PATTERN = /^[1-9A-HJ-NP-Za-km-z]+$/;

/** The bytes of a base58 string (Bitcoin alphabet), or null when it is not base58. */
export function base58Decode(text: string): Uint8Array | null {
  if (text === '' || !BASE58_PATTERN.test(text)) return null;
  let value = 0n;
  for (const char of text) value = value * 58n + BigInt(BASE58_ALPHABET.indexOf(char));
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  // Each leading '1' stands for a leading zero byte.
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function bech32Polymod(values: readonly number[]): number {
  const generator = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= generator[i]!;
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const high = [...hrp].map((c) => c.charCodeAt(0) >> 5);
  const low = [...hrp].map((c) => c.charCodeAt(0) & 31);
  return [...high, 0, ...low];
}

/** Regroups bits (5-bit words to bytes); null when the padding is not zero as BIP 173 wants. */
function convertBits(data: readonly number[], from: number, to: number): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const maxv = (1 << to) - 1;
  for (const value of data) {
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & maxv);
    }
  }
  if (bits >= from || ((acc << (to - bits)) & maxv) !== 0) return null;
  return out;
}

/**
 * A native SegWit address of Bitcoin's main network (BIP 173 and BIP 350): "bc1", one case, a
 * valid checksum (bech32 for version 0, bech32m for 1 to 16) and a program of the allowed size.
 */
export function isBech32BitcoinAddress(address: string): boolean {
  if (address.length < 14 || address.length > 90) return false;
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const text = address.toLowerCase();
  const separator = text.lastIndexOf('1');
  const hrp = text.slice(0, separator);
  if (hrp !== 'bc') return false;
  const data: number[] = [];
  for (const char of text.slice(separator + 1)) {
    const value = BECH32_CHARSET.indexOf(char);
    if (value < 0) return false;
    data.push(value);
  }
  if (data.length < 7) return false;
  const version = data[0]!;
  const check = bech32Polymod([...hrpExpand(hrp), ...data]);
  if (check !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return false;
  if (version > 16) return false;
  const program = convertBits(data.slice(1, -6), 5, 8);
  if (!program || program.length < 2 || program.length > 40) return false;
  if (version === 0 && program.length !== 20 && program.length !== 32) return false;
  return true;
}

/** A base58check payload of 25 bytes with the given version byte (its checksum not verified). */
function base58Payload(address: string, versions: readonly number[]): boolean {
  const bytes = base58Decode(address);
  return bytes !== null && bytes.length === 25 && versions.includes(bytes[0]!);
}

/** Tron's version byte (0x41), Bitcoin's P2PKH (0x00) and P2SH (0x05). */
export const BASE58CHECK_VERSIONS = { tron: [0x41], bitcoin: [0x00, 0x05] } as const;

/**
 * Whether an address has the shape of its chain's format: evm 0x and 40 hex digits; tron T and 33
 * base58 characters decoding to a 0x41 payload; bitcoin legacy (1...) or P2SH (3...) base58 of 25
 * bytes, or bech32/bech32m bc1...; solana 32 to 44 base58 characters decoding to 32 bytes.
 */
export function isAddressShapeValid(format: AddressFormat, address: string): boolean {
  switch (format) {
    case 'evm':
      return /^0x[0-9a-fA-F]{40}$/.test(address);
    case 'tron':
      return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address) && base58Payload(address, [0x41]);
    case 'bitcoin':
      if (/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) {
        return base58Payload(address, BASE58CHECK_VERSIONS.bitcoin);
      }
      return /^bc1/i.test(address) && isBech32BitcoinAddress(address);
    case 'solana': {
      if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return false;
      return base58Decode(address)?.length === 32;
    }
  }
}

/** Whether an address is base58check-encoded in its format (the server verifies the checksum). */
export function usesBase58Check(format: AddressFormat, address: string): boolean {
  return format === 'tron' || (format === 'bitcoin' && /^[13]/.test(address));
}
