import type { Executor } from '../../db/database';

/** The trader's favourite symbols, oldest star first. */
export async function symbolsOf(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_favourites')
    .select('symbol')
    .where('user_id', '=', BigInt(userId))
    .orderBy('created_at')
    .orderBy('symbol')
    .execute();
  return rows.map((r) => r.symbol);
}

/** Stars a pair; a pair already starred keeps its place. */
export async function addFavourite(
  db: Executor,
  userId: number,
  symbol: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('user_favourites')
    .values({ user_id: BigInt(userId), symbol, created_at: BigInt(now) })
    .onConflict((oc) => oc.columns(['user_id', 'symbol']).doNothing())
    .execute();
}

export async function removeFavourite(db: Executor, userId: number, symbol: string): Promise<void> {
  await db
    .deleteFrom('user_favourites')
    .where('user_id', '=', BigInt(userId))
    .where('symbol', '=', symbol)
    .execute();
}
