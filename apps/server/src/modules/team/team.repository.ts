import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import type { NewTeamRebateRow, TeamRebateRow } from './team.table';

/** Every query of the team module. */

export interface Member {
  id: bigint;
  email: string | null;
  phone: string | null;
  area_code: string | null;
  created_at: bigint;
  inviter_id: bigint | null;
  invite_code: string;
}

const MEMBER = [
  'id',
  'email',
  'phone',
  'area_code',
  'created_at',
  'inviter_id',
  'invite_code',
] as const;

export function member(db: Executor, userId: number): Promise<Member | undefined> {
  return db.selectFrom('users').select(MEMBER).where('id', '=', BigInt(userId)).executeTakeFirst();
}

export function inviterOf(db: Executor, userId: number | bigint): Promise<bigint | null> {
  return db
    .selectFrom('users')
    .select('inviter_id')
    .where('id', '=', BigInt(userId))
    .executeTakeFirst()
    .then((r) => r?.inviter_id ?? null);
}

/** Direct friends, newest first. */
export async function friends(
  db: Executor,
  userIds: readonly bigint[],
  page?: { offset: number; limit: number },
): Promise<Member[]> {
  if (userIds.length === 0) return [];
  let q = db
    .selectFrom('users')
    .select(MEMBER)
    .where('inviter_id', 'in', userIds)
    .orderBy('id', 'desc');
  if (page) q = q.offset(page.offset).limit(page.limit);
  return q.execute();
}

export async function counts(db: Executor, userId: number) {
  const direct = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('inviter_id', '=', BigInt(userId))
    .executeTakeFirstOrThrow();
  const agents = await db
    .selectFrom('users as f')
    .innerJoin('users as a', 'a.inviter_id', 'f.id')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('f.inviter_id', '=', BigInt(userId))
    .executeTakeFirstOrThrow();
  return { direct: Number(direct.n), agents: Number(agents.n) };
}

export async function insertRebate(db: Executor, row: NewTeamRebateRow): Promise<boolean> {
  const inserted = await db
    .insertInto('team_rebates')
    .values(row)
    .onConflict((oc) => oc.columns(['source_ref', 'level']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function rebatePage(
  db: Executor,
  filter: {
    userId?: number | undefined;
    state?: string | undefined;
    source?: string | undefined;
    currency?: string | undefined;
  },
  page: { offset: number; limit: number },
) {
  let q = db.selectFrom('team_rebates');
  if (filter.userId !== undefined) q = q.where('user_id', '=', BigInt(filter.userId));
  if (filter.state) q = q.where('state', '=', filter.state);
  if (filter.source) q = q.where('source', '=', filter.source);
  if (filter.currency) q = q.where('currency', '=', filter.currency);
  return Promise.all([
    q.selectAll().orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    q
      .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n)),
  ]);
}

/** Pending rebates whose window has opened, oldest first. */
/** Pending rebates due by `now`, by id after `afterId` (a pass pages through all of them). */
export function dueRebates(
  db: Executor,
  now: number,
  limit: number,
  afterId: bigint,
): Promise<TeamRebateRow[]> {
  return db
    .selectFrom('team_rebates')
    .selectAll()
    .where('state', '=', 'pending')
    .where('due_from', '<=', BigInt(now))
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function markReleased(
  db: Executor,
  id: bigint,
  at: number,
  transactionId: number,
): Promise<{ id: bigint } | undefined> {
  return db
    .updateTable('team_rebates')
    .set({
      state: 'released',
      released_at: BigInt(at),
      ledger_transaction_id: BigInt(transactionId),
    })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
}

/** Per currency and state: the sum of a beneficiary's rebates (by source when given). */
export async function rebateSums(
  db: Executor,
  userId: number,
  source?: string,
): Promise<{ currency: string; state: string; total: bigint }[]> {
  let q = db
    .selectFrom('team_rebates')
    .select([
      'currency',
      'state',
      (eb) => eb.fn.sum<string | number | bigint>('amount').as('total'),
    ])
    .where('user_id', '=', BigInt(userId));
  if (source) q = q.where('source', '=', source);
  const rows = await q.groupBy(['currency', 'state']).execute();
  return rows.map((r) => ({ currency: r.currency, state: r.state, total: BigInt(r.total ?? 0) }));
}

export async function payoutSums(
  db: Executor,
  userId: number,
): Promise<{ currency: string; kind: string; total: bigint }[]> {
  const rows = await db
    .selectFrom('team_payouts')
    .select(['currency', 'kind', (eb) => eb.fn.sum<string | number | bigint>('amount').as('total')])
    .where('user_id', '=', BigInt(userId))
    .groupBy(['currency', 'kind'])
    .execute();
  return rows.map((r) => ({ currency: r.currency, kind: r.kind, total: BigInt(r.total ?? 0) }));
}

export function insertPayout(
  db: Executor,
  row: {
    user_id: bigint;
    kind: 'transfer' | 'withdraw';
    currency: string;
    amount: bigint;
    withdrawal_id: bigint | null;
    ledger_transaction_id: bigint;
    created_at: bigint;
  },
) {
  return db.insertInto('team_payouts').values(row).execute();
}

export function insertTradingResult(
  db: Executor,
  row: { ref: string; user_id: bigint; day: string; pnl: bigint; at: bigint },
) {
  return db
    .insertInto('team_trading_results')
    .values(row)
    .onConflict((oc) => oc.column('ref').doNothing())
    .execute();
}

/**
 * Traders' net results of days before `today` that made a profit and have no level-1 profit
 * rebate yet (at most `limit`): the days the job closes.
 */
export async function profitableDays(
  db: Executor,
  today: string,
  since: string,
  limit: number,
): Promise<{ user_id: bigint; day: string; pnl: bigint }[]> {
  const rows = await db
    .selectFrom('team_trading_results as r')
    .select(['r.user_id', 'r.day', (eb) => eb.fn.sum<string | number | bigint>('r.pnl').as('pnl')])
    .where('r.day', '<', today)
    .where('r.day', '>=', since)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('team_rebates as b')
            .select('b.id')
            .where('b.level', '=', 1n)
            .where(
              'b.source_ref',
              '=',
              sql<string>`'profit:' || CAST(r.user_id AS TEXT) || ':' || r.day`,
            ),
        ),
      ),
    )
    .groupBy(['r.user_id', 'r.day'])
    .having((eb) => eb.fn.sum('r.pnl'), '>', 0n)
    .orderBy('r.day')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ user_id: BigInt(r.user_id), day: r.day, pnl: BigInt(r.pnl ?? 0) }));
}

/** Releases of the platform, newest first, with the beneficiary's account. */
export function recentReleases(db: Executor, limit: number) {
  return db
    .selectFrom('team_rebates as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['b.amount', 'b.currency', 'b.released_at', 'u.email', 'u.phone'])
    .where('b.state', '=', 'released')
    .orderBy('b.released_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The rebate budget's balance in a currency; on PostgreSQL the account row stays locked to the
 * end of the transaction, so two deposits credited at once cannot both promise the same headroom.
 */
export async function budgetBalance(
  db: Executor,
  currency: string,
  lock: boolean,
): Promise<bigint> {
  let q = db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('owner', '=', 'system')
    .where('book', '=', 'real')
    .where('wallet', '=', 'rebate_budget')
    .where('currency', '=', currency);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? BigInt(row.balance) : 0n;
}

/** Every pending rebate of a currency: what the budget has promised and not yet paid. */
export async function pendingTotal(db: Executor, currency: string): Promise<bigint> {
  const row = await db
    .selectFrom('team_rebates')
    .select((eb) => eb.fn.sum<string | number | bigint>('amount').as('total'))
    .where('state', '=', 'pending')
    .where('currency', '=', currency)
    .executeTakeFirst();
  return BigInt(row?.total ?? 0);
}

/** Per currency: what rebates were not granted for lack of headroom, and how many. */
export async function uncoveredSums(db: Executor) {
  const rows = await db
    .selectFrom('team_rebates')
    .select([
      'currency',
      (eb) => eb.fn.sum<string | number | bigint>('uncovered').as('total'),
      (eb) => eb.fn.countAll<string | number | bigint>().as('n'),
    ])
    .where('uncovered', '>', 0n)
    .groupBy('currency')
    .execute();
  return rows.map((r) => ({
    currency: r.currency,
    total: BigInt(r.total ?? 0),
    count: Number(r.n),
  }));
}

/** Per currency: pending total, and pending total already due by `now`. */
export async function obligations(db: Executor, now: number) {
  const rows = await db
    .selectFrom('team_rebates')
    .select([
      'currency',
      (eb) => eb.fn.sum<string | number | bigint>('amount').as('pending'),
      sql<
        string | number | bigint
      >`SUM(CASE WHEN due_from <= ${BigInt(now)} THEN amount ELSE 0 END)`.as('due'),
      sql<string | number | bigint>`SUM(CASE WHEN due_from <= ${BigInt(now)} THEN 1 ELSE 0 END)`.as(
        'dueCount',
      ),
    ])
    .where('state', '=', 'pending')
    .groupBy('currency')
    .execute();
  return rows.map((r) => ({
    currency: r.currency,
    pending: BigInt(r.pending ?? 0),
    due: BigInt(r.due ?? 0),
    dueCount: Number(r.dueCount ?? 0),
  }));
}

export function findUserByAccount(db: Executor, account: string): Promise<Member | undefined> {
  return db
    .selectFrom('users')
    .select(MEMBER)
    .where((eb) => eb.or([eb('email', '=', account.toLowerCase()), eb('phone', '=', account)]))
    .executeTakeFirst();
}
