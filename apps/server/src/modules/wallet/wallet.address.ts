import { createHash } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';
import {
  base58Decode,
  isAddressFormat,
  isAddressShapeValid,
  usesBase58Check,
  type AddressFormat,
} from '@tidemark/contract';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/** A base58check string whose last four bytes are the double SHA-256 of the rest. */
export function hasBase58Checksum(address: string): boolean {
  const bytes = base58Decode(address);
  if (!bytes || bytes.length < 5) return false;
  const payload = bytes.subarray(0, -4);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return Buffer.from(bytes.subarray(-4)).equals(checksum);
}

/**
 * EIP-55: an EVM address written in mixed case carries a checksum in the case of its letters (a
 * letter is upper case where the Keccak-256 of the lower-case hex has a nibble of 8 or more). All
 * lower or all upper case carries none and is accepted as it is.
 */
export function hasEip55Checksum(address: string): boolean {
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const lower = hex.toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  for (let i = 0; i < 40; i++) {
    const char = hex[i]!;
    if (char >= '0' && char <= '9') continue;
    const nibble = i % 2 === 0 ? hash[i >> 1]! >> 4 : hash[i >> 1]! & 0x0f;
    if (nibble >= 8 !== (char === char.toUpperCase())) return false;
  }
  return true;
}

/**
 * Whether `address` is a valid address of the chain format: its shape (see the contract's
 * isAddressShapeValid) and the checksum that catches a mistyped character: base58check for Tron
 * and legacy Bitcoin addresses, EIP-55 for mixed-case EVM addresses (bech32 is checked with the
 * shape).
 */
export function isValidAddress(format: AddressFormat | string, address: string): boolean {
  if (!isAddressFormat(format)) return false;
  if (!isAddressShapeValid(format, address)) return false;
  if (format === 'evm') return hasEip55Checksum(address);
  return usesBase58Check(format, address) ? hasBase58Checksum(address) : true;
}
