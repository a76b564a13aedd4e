import type { Generated, Insertable, Selectable } from 'kysely';

export interface SessionTable {
  id: Generated<bigint>;
  user_id: bigint;
  /** sha256 of the token; the token itself is never stored. */
  token_hash: string;
  created_at: bigint;
  expires_at: bigint;
  revoked_at: bigint | null;
  ip: string;
  user_agent: string;
}

export interface VerificationCodeTable {
  id: Generated<bigint>;
  channel: string;
  /** Normalised email, or "areaCode phone". */
  target: string;
  code_hash: string;
  created_at: bigint;
  expires_at: bigint;
  attempts: bigint;
  consumed_at: bigint | null;
  ip: string;
}

export interface CaptchaTable {
  /** The client's timestamp the image was drawn for. */
  challenge: string;
  answer_hash: string;
  expires_at: bigint;
}

export interface LoginFailureTable {
  id: Generated<bigint>;
  account: string;
  ip: string;
  at: bigint;
}

export type SessionRow = Selectable<SessionTable>;
export type VerificationCodeRow = Selectable<VerificationCodeTable>;
export type NewVerificationCodeRow = Insertable<VerificationCodeTable>;
