import type { Generated, Selectable } from 'kysely';

export interface OperatorTable {
  id: Generated<bigint>;
  username: string;
  password_hash: string;
  /** base32 TOTP secret (SHA-1, 6 digits, 30 s) for the second factor. */
  totp_secret: string;
  /** admin, reviewer or support. */
  role: string;
  status: string;
  created_at: bigint;
  last_login_at: bigint | null;
  /** When the operator first logged in with a code from the enrolled secret. */
  totp_enrolled_at: bigint | null;
  /** The 30-second step of the last TOTP code accepted: a code is usable once. */
  totp_last_step: bigint | null;
}

export interface OperatorSessionTable {
  id: Generated<bigint>;
  operator_id: bigint;
  token_hash: string;
  created_at: bigint;
  expires_at: bigint;
  revoked_at: bigint | null;
  ip: string;
}

/** Append-only (a trigger refuses UPDATE and DELETE): who did what, when, before and after, why. */
export interface AuditLogTable {
  id: Generated<bigint>;
  operator_id: bigint | null;
  action: string;
  target_type: string;
  target_id: string;
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
  ip: string;
  created_at: bigint;
}

export type OperatorRow = Selectable<OperatorTable>;
export type OperatorSessionRow = Selectable<OperatorSessionTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
