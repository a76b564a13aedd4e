import { NEWSIGN_DIGITS, NEWSIGN_LENGTH, NEWSIGN_PERIOD_SECONDS } from '@tidemark/contract/rules';

/**
 * newsign in the browser: the contract's TOTP (SHA-512, 8 digits, 20 s) computed with Web Crypto,
 * which every browser has built in, instead of shipping a hashing library on the first page. Where
 * Web Crypto is missing (plain http on a LAN address is not a secure context) the contract's own
 * implementation is loaded instead. client.test.ts checks both agree.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(secret: string): Uint8Array<ArrayBuffer> {
  const clean = secret.replace(/=+$/, '').toUpperCase();
  const out = new Uint8Array(Math.floor((clean.length * 5) / 8));
  let bits = 0;
  let value = 0;
  let index = 0;
  for (const char of clean) {
    const digit = BASE32.indexOf(char);
    if (digit < 0) throw new Error('newsign secret is not base32');
    value = (value << 5) | digit;
    bits += 5;
    if (bits >= 8) {
      out[index++] = (value >>> (bits - 8)) & 0xff;
      bits -= 8;
    }
  }
  return out;
}

const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      base32Bytes(secret),
      { name: 'HMAC', hash: 'SHA-512' },
      false,
      ['sign'],
    );
    keys.set(secret, key);
  }
  return key;
}

async function webCryptoSign(secret: string, timestampMs: number): Promise<string> {
  const counter = Math.floor(timestampMs / 1000 / NEWSIGN_PERIOD_SECONDS);
  const message = new DataView(new ArrayBuffer(8));
  message.setUint32(0, Math.floor(counter / 2 ** 32));
  message.setUint32(4, counter >>> 0);
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', await hmacKey(secret), message.buffer),
  );
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary =
    ((mac[offset]! & 0x7f) << 24) |
    (mac[offset + 1]! << 16) |
    (mac[offset + 2]! << 8) |
    mac[offset + 3]!;
  return String(binary % 10 ** NEWSIGN_DIGITS)
    .padStart(NEWSIGN_DIGITS, '0')
    .slice(0, NEWSIGN_LENGTH);
}

export async function signAt(secret: string, timestampMs: number): Promise<string> {
  if (globalThis.crypto?.subtle) return webCryptoSign(secret, timestampMs);
  const { newsign } = await import('@tidemark/contract/newsign');
  return newsign(secret, timestampMs);
}
