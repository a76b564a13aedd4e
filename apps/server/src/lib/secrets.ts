import { hash as digest, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP minimum (t=2, m=19 MiB, p=1). */
const ARGON2_OPTIONS = { algorithm: 2, timeCost: 2, memoryCost: 19_456, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

/** 32 random bytes, url-safe: the session tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Hex sha256 in one call (no Hash object): every request's session token is hashed. */
export function sha256(text: string): string {
  return digest('sha256', text, 'hex');
}

/** n random decimal digits, uniformly drawn. */
export function randomDigits(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String(randomInt(10));
  return out;
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 8 characters without look-alikes (no 0/O, 1/I). */
export function randomInviteCode(): string {
  let out = '';
  for (let i = 0; i < 8; i++) out += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return out;
}
