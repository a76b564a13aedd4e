import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Integers are bigint on both databases (int8 on PostgreSQL, safe integers on SQLite). */
export interface UserTable {
  id: Generated<bigint>;
  email: string | null;
  phone: string | null;
  area_code: string | null;
  password_hash: string;
  pay_password_hash: string | null;
  nickname: string;
  invite_code: string;
  inviter_id: bigint | null;
  verify_level: bigint;
  member_tier: string;
  mode: string;
  /** 'active' or 'frozen' (login refused). */
  status: string;
  created_at: bigint;
  updated_at: bigint;
  last_seen_at: bigint | null;
  /** 1: withdrawals refused by an operator. */
  withdraw_frozen: Generated<bigint>;
}

export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
