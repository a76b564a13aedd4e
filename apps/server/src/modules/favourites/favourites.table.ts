import type { Selectable } from 'kysely';

/** A pair a trader starred; one row per trader and pair. */
export interface UserFavouriteTable {
  user_id: bigint;
  symbol: string;
  created_at: bigint;
}

export type UserFavouriteRow = Selectable<UserFavouriteTable>;
