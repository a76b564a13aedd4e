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
}

export type OperatorRow = Selectable<OperatorTable>;
