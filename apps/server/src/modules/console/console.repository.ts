import { sql, type Insertable, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { Executor, Trx } from '../../db/database';
import type { CustodyChainTable } from '../wallet/wallet.table';
import type { AuditLogTable, OperatorRow, OperatorTable } from './console.table';

/**
 * All SQL of the operator API. The console reads across the platform's tables (queues, users,
 * ledger) but writes only its own (operators, sessions, audit log) and what an operator action
 * changes through this module's services.
 */

export interface Page {
  offset: number;
  limit: number;
}

/** Rows of one page and the total count of a filtered query. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table set, any selection
async function paged<QB extends SelectQueryBuilder<Database, any, object>, Row>(
  base: QB,
  rows: (qb: QB) => Promise<Row[]>,
  page: Page,
): Promise<{ rows: Row[]; total: number }> {
  const [list, count] = await Promise.all([
    rows(base.offset(page.offset).limit(page.limit) as QB),
    base
      .clearSelect()
      .clearOrderBy()
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow() as Promise<{ n: unknown }>,
  ]);
  return { rows: list, total: Number(count.n) };
}

// --- operators and their sessions ----------------------------------------------------------------

export function findOperatorByName(db: Executor, username: string) {
  return db
    .selectFrom('operators')
    .selectAll()
    .where('username', '=', username.toLowerCase())
    .executeTakeFirst();
}

export function findOperator(db: Executor, id: number): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
}

export async function insertOperator(
  trx: Trx,
  row: Insertable<OperatorTable>,
): Promise<OperatorRow> {
  return trx.insertInto('operators').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateOperator(
  trx: Trx,
  id: number,
  patch: Partial<
    Pick<
      OperatorTable,
      'password_hash' | 'status' | 'last_login_at' | 'totp_enrolled_at' | 'totp_last_step'
    >
  >,
): Promise<void> {
  await trx.updateTable('operators').set(patch).where('id', '=', BigInt(id)).execute();
}

/** Moves an operator from one status to another; false when it was not in `from` any more. */
export async function setOperatorStatus(
  trx: Trx,
  id: number,
  from: string,
  to: string,
): Promise<boolean> {
  if (from === to) return false;
  const result = await trx
    .updateTable('operators')
    .set({ status: to })
    .where('id', '=', BigInt(id))
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Records that a TOTP step was used; false when this step (or a later one) already was, so each
 * code logs in once even when two requests race.
 */
export async function claimTotpStep(db: Executor, id: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('operators')
    .set({ totp_last_step: BigInt(step) })
    .where('id', '=', BigInt(id))
    .where((eb) =>
      eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', BigInt(step))]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export function operatorPage(db: Executor, page: Page) {
  return paged(db.selectFrom('operators').selectAll().orderBy('id'), (qb) => qb.execute(), page);
}

export async function insertOperatorSession(
  db: Executor,
  row: { operatorId: number; tokenHash: string; now: number; expiresAt: number; ip: string },
): Promise<number> {
  const inserted = await db
    .insertInto('operator_sessions')
    .values({
      operator_id: BigInt(row.operatorId),
      token_hash: row.tokenHash,
      created_at: BigInt(row.now),
      expires_at: BigInt(row.expiresAt),
      revoked_at: null,
      ip: row.ip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** The live session of a token hash whose operator is active. */
export function findLiveOperatorSession(db: Executor, tokenHash: string, now: number) {
  return db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['s.id as sessionId', 'o.id as operatorId', 'o.username', 'o.role'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', BigInt(now))
    .where('o.status', '=', 'active')
    .executeTakeFirst();
}

export async function revokeOperatorSession(
  db: Executor,
  sessionId: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: BigInt(now) })
    .where('id', '=', BigInt(sessionId))
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of an operator, but `keep` (the caller's own) when given. */
export async function revokeOperatorSessions(
  db: Executor,
  operatorId: number,
  now: number,
  keep?: number,
): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: BigInt(now) })
    .where('operator_id', '=', BigInt(operatorId))
    .where('revoked_at', 'is', null)
    .$if(keep !== undefined, (qb) => qb.where('id', '<>', BigInt(keep ?? 0)))
    .execute();
}

// --- failed console logins (the shared login_failures log, under an "operator:" key) ------------
// Recorded and cleared through the auth module (captcha.service); counted here by address too.

export async function countFailures(
  db: Executor,
  by: { account: string } | { ip: string; prefix: string },
  since: number,
): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('at', '>=', BigInt(since))
    .$if('account' in by, (qb) => qb.where('account', '=', (by as { account: string }).account))
    .$if('ip' in by, (qb) =>
      qb
        .where('ip', '=', (by as { ip: string }).ip)
        .where('account', 'like', `${(by as { prefix: string }).prefix}%`),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// --- audit log -----------------------------------------------------------------------------------

export async function insertAudit(trx: Trx, row: Insertable<AuditLogTable>): Promise<number> {
  const inserted = await trx
    .insertInto('audit_log')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export function auditPage(
  db: Executor,
  filter: {
    operatorId?: number | undefined;
    action: string | undefined;
    targetType: string | undefined;
    targetId: string | undefined;
  },
  page: Page,
) {
  const base = db
    .selectFrom('audit_log as a')
    .leftJoin('operators as o', 'o.id', 'a.operator_id')
    .selectAll('a')
    .select('o.username')
    .$if(filter.operatorId !== undefined, (qb) =>
      qb.where('a.operator_id', '=', BigInt(filter.operatorId ?? 0)),
    )
    .$if(filter.action !== undefined, (qb) => qb.where('a.action', '=', filter.action ?? ''))
    .$if(filter.targetType !== undefined, (qb) =>
      qb.where('a.target_type', '=', filter.targetType ?? ''),
    )
    .$if(filter.targetId !== undefined, (qb) => qb.where('a.target_id', '=', filter.targetId ?? ''))
    .orderBy('a.id', 'desc');
  return paged(base, (qb) => qb.execute(), page);
}

// --- traders -------------------------------------------------------------------------------------

/** The contact fields of some traders, from which the queues name them (see userAccount). */
export async function userContacts(db: Executor, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'area_code'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Traders newest first; q matches the id exactly, or part of email, phone or nickname. */
export function userPage(db: Executor, q: string | undefined, page: Page) {
  const base = db
    .selectFrom('users')
    .selectAll()
    .$if(q !== undefined, (qb) => {
      const text = (q ?? '').toLowerCase();
      const pattern = likePattern(text);
      // ESCAPE spelled out: SQLite has no default escape character for LIKE.
      const like = (column: 'email' | 'phone' | 'nickname') =>
        sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
      return qb.where((eb) =>
        eb.or([
          ...(/^\d{1,15}$/.test(text) ? [eb('id', '=', BigInt(text))] : []),
          like('email'),
          like('phone'),
          like('nickname'),
        ]),
      );
    })
    .orderBy('id', 'desc');
  return paged(base, (qb) => qb.execute(), page);
}

export function findUser(db: Executor, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
}

/** Updates a trader when it still is as expected; false when another change came first. */
export async function updateUserIf(
  trx: Trx,
  id: number,
  expected: { status: string } | { withdraw_frozen: bigint },
  patch: { status?: string; withdraw_frozen?: bigint; updated_at: bigint },
): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set(patch)
    .where('id', '=', BigInt(id))
    .$if('status' in expected, (qb) =>
      qb.where('status', '=', (expected as { status: string }).status),
    )
    .$if('withdraw_frozen' in expected, (qb) =>
      qb.where('withdraw_frozen', '=', (expected as { withdraw_frozen: bigint }).withdraw_frozen),
    )
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export function userLedgerAccounts(db: Executor, userId: number) {
  return db
    .selectFrom('ledger_accounts')
    .select(['book', 'wallet', 'currency', 'balance'])
    .where('owner', '=', 'user')
    .where('owner_id', '=', BigInt(userId))
    .orderBy('book')
    .orderBy('wallet')
    .orderBy('currency')
    .execute();
}

export function userKyc(db: Executor, userId: number) {
  return db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .orderBy('id', 'desc')
    .execute();
}

export function userWallets(db: Executor, userId: number) {
  return db
    .selectFrom('user_wallets')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .orderBy('id', 'desc')
    .execute();
}

export function userDepositAddresses(db: Executor, userId: number) {
  return db
    .selectFrom('user_deposit_addresses')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .orderBy('id')
    .execute();
}

export function recentOrders(db: Executor, userId: number, limit: number) {
  return db
    .selectFrom('spot_orders')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// --- queues --------------------------------------------------------------------------------------

export function depositPage(
  db: Executor,
  filter: { status?: string | undefined; userId?: number | undefined },
  page: Page,
) {
  const base = db
    .selectFrom('deposits')
    .selectAll()
    .$if(filter.status !== undefined, (qb) => qb.where('status', '=', filter.status ?? ''))
    .$if(filter.userId !== undefined, (qb) => qb.where('user_id', '=', BigInt(filter.userId ?? 0)))
    // A pending queue is worked oldest first; history reads newest first.
    .orderBy('id', filter.status === 'pending' ? 'asc' : 'desc');
  return paged(base, (qb) => qb.execute(), page);
}

export function findDeposit(db: Executor, id: number) {
  return db.selectFrom('deposits').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
}

export function withdrawalPage(
  db: Executor,
  filter: { statuses: readonly string[] | undefined; userId?: number | undefined },
  page: Page,
) {
  const open = filter.statuses !== undefined && filter.statuses.length > 1;
  const base = db
    .selectFrom('withdrawals')
    .selectAll()
    .$if(filter.statuses !== undefined, (qb) =>
      qb.where('status', 'in', [...(filter.statuses ?? [])]),
    )
    .$if(filter.userId !== undefined, (qb) => qb.where('user_id', '=', BigInt(filter.userId ?? 0)))
    .orderBy('id', open || filter.statuses?.[0] === 'application' ? 'asc' : 'desc');
  return paged(base, (qb) => qb.execute(), page);
}

export function findWithdrawal(db: Executor, id: number) {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
}

export function kycPage(
  db: Executor,
  filter: {
    status?: string | undefined;
    kind?: string | undefined;
    userId?: number | undefined;
  },
  page: Page,
) {
  const base = db
    .selectFrom('kyc_submissions')
    .selectAll()
    .$if(filter.status !== undefined, (qb) => qb.where('status', '=', filter.status ?? ''))
    .$if(filter.kind !== undefined, (qb) => qb.where('kind', '=', filter.kind ?? ''))
    .$if(filter.userId !== undefined, (qb) => qb.where('user_id', '=', BigInt(filter.userId ?? 0)))
    .orderBy('id', filter.status === 'certifying' ? 'asc' : 'desc');
  return paged(base, (qb) => qb.execute(), page);
}

export function findKyc(db: Executor, id: number) {
  return db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
}

// --- chains and settings -------------------------------------------------------------------------

export function chainPage(db: Executor, page: Page) {
  return paged(
    db.selectFrom('custody_chains').selectAll().orderBy('sort').orderBy('currency').orderBy('id'),
    (qb) => qb.execute(),
    page,
  );
}

export function findChain(db: Executor, id: number) {
  return db
    .selectFrom('custody_chains')
    .selectAll()
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
}

export async function insertChain(trx: Trx, row: Insertable<CustodyChainTable>) {
  return trx.insertInto('custody_chains').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateChain(
  trx: Trx,
  id: number,
  patch: Updateable<CustodyChainTable>,
): Promise<void> {
  await trx.updateTable('custody_chains').set(patch).where('id', '=', BigInt(id)).execute();
}

// --- ledger explorer -----------------------------------------------------------------------------

export function ledgerAccountPage(
  db: Executor,
  filter: {
    owner?: string | undefined;
    userId?: number | undefined;
    book?: string | undefined;
    wallet: string | undefined;
    currency: string | undefined;
  },
  page: Page,
) {
  const base = db
    .selectFrom('ledger_accounts')
    .selectAll()
    .$if(filter.owner !== undefined, (qb) => qb.where('owner', '=', filter.owner ?? ''))
    .$if(filter.userId !== undefined, (qb) =>
      qb.where('owner', '=', 'user').where('owner_id', '=', BigInt(filter.userId ?? 0)),
    )
    .$if(filter.book !== undefined, (qb) => qb.where('book', '=', filter.book ?? ''))
    .$if(filter.wallet !== undefined, (qb) => qb.where('wallet', '=', filter.wallet ?? ''))
    .$if(filter.currency !== undefined, (qb) =>
      qb.where('currency', '=', (filter.currency ?? '').toUpperCase()),
    )
    .orderBy('id');
  return paged(base, (qb) => qb.execute(), page);
}

export function ledgerTransactionPage(
  db: Executor,
  filter: { type: string | undefined; userId?: number | undefined; reference: string | undefined },
  page: Page,
) {
  const base = db
    .selectFrom('ledger_transactions as t')
    .selectAll('t')
    .$if(filter.type !== undefined, (qb) => qb.where('t.type', '=', filter.type ?? ''))
    .$if(filter.reference !== undefined, (qb) =>
      qb.where('t.reference', '=', filter.reference ?? ''),
    )
    .$if(filter.userId !== undefined, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('ledger_entries as e')
            .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
            .select('e.id')
            .whereRef('e.transaction_id', '=', 't.id')
            .where('a.owner', '=', 'user')
            .where('a.owner_id', '=', BigInt(filter.userId ?? 0)),
        ),
      ),
    )
    .orderBy('t.id', 'desc');
  return paged(base, (qb) => qb.execute(), page);
}

export async function entryCounts(db: Executor, transactionIds: readonly bigint[]) {
  if (transactionIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['transaction_id', (eb) => eb.fn.countAll().as('n')])
    .where('transaction_id', 'in', [...transactionIds])
    .groupBy('transaction_id')
    .execute();
  return new Map(rows.map((r) => [String(r.transaction_id), Number(r.n)]));
}

export function findLedgerTransaction(db: Executor, id: number) {
  return db
    .selectFrom('ledger_transactions')
    .selectAll()
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
}

export function transactionEntries(db: Executor, transactionId: number) {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select([
      'e.id',
      'e.account_id',
      'e.amount',
      'e.balance_after',
      'e.created_at',
      'a.owner',
      'a.owner_id',
      'a.book',
      'a.wallet',
      'a.currency',
    ])
    .where('e.transaction_id', '=', BigInt(transactionId))
    .orderBy('e.id')
    .execute();
}

// --- dashboard -----------------------------------------------------------------------------------

export async function countWhere(
  db: Executor,
  table: 'deposits' | 'withdrawals' | 'kyc_submissions',
  statuses: readonly string[],
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', 'in', [...statuses])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Per currency: how many and how much of a table's rows match since a time. */
export async function sumsByCurrency(
  db: Executor,
  table: 'deposits' | 'withdrawals',
  filter: {
    status: string;
    timeColumn: 'reviewed_at' | 'finished_at' | 'created_at';
    since: number;
  },
) {
  return db
    .selectFrom(table)
    .select(['currency', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.sum('amount').as('total')])
    .where('status', '=', filter.status)
    .where(filter.timeColumn, '>=', BigInt(filter.since))
    .groupBy('currency')
    .execute();
}

export async function countSince(
  db: Executor,
  table: 'deposits' | 'withdrawals' | 'users',
  since: number,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('created_at', '>=', BigInt(since))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
