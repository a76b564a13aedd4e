import { QUOTE_CURRENCY, WITHDRAWAL_OPEN_STATES } from '@tidemark/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database';

export interface LedgerProblem {
  kind:
    | 'unbalanced-transaction'
    | 'too-few-entries'
    | 'orphan-entry'
    | 'balance-mismatch'
    | 'running-balance-mismatch'
    | 'negative-balance'
    | 'projection-mismatch'
    | 'hold-mismatch'
    | 'hold-on-closed-order';
  detail: string;
}

export interface LedgerReport {
  ok: boolean;
  accounts: number;
  transactions: number;
  entries: number;
  problems: LedgerProblem[];
  checkedAt: number;
}

const n = (v: unknown) => (typeof v === 'bigint' ? v : BigInt(v as string | number));

/**
 * Verifies the ledger's invariants over the whole database: every transaction sums to zero per
 * currency and has two entries or more; every entry belongs to an existing account and transaction; every stored balance equals the sum of its entries, and
 * every entry's balance_after equals the running sum; the per-account index matches the journal; no balance is below zero where that is not
 * allowed (system issuer/asset accounts, and a user's contract wallet after a liquidation gap).
 */
export async function checkLedger(db: Db, now: number = Date.now()): Promise<LedgerReport> {
  const problems: LedgerProblem[] = [];

  const unbalanced = await sql<{ transaction_id: bigint; currency: string; total: bigint }>`
    SELECT e.transaction_id, a.currency, SUM(e.amount) AS total
    FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    GROUP BY e.transaction_id, a.currency
    HAVING SUM(e.amount) <> 0`.execute(db);
  for (const r of unbalanced.rows) {
    problems.push({
      kind: 'unbalanced-transaction',
      detail: `transaction ${r.transaction_id} ${r.currency} sums to ${n(r.total)}`,
    });
  }

  // Entries are stored by account: count them per transaction in one pass, then join.
  const thin = await sql<{ id: bigint; entries: bigint }>`
    SELECT t.id, COALESCE(c.n, 0) AS entries
    FROM ledger_transactions t
    LEFT JOIN (SELECT transaction_id, COUNT(*) AS n FROM ledger_entries GROUP BY transaction_id) c
      ON c.transaction_id = t.id
    WHERE COALESCE(c.n, 0) < 2`.execute(db);
  for (const r of thin.rows) {
    problems.push({
      kind: 'too-few-entries',
      detail: `transaction ${r.id} has ${n(r.entries)} entries`,
    });
  }

  const orphans = await sql<{ no_account: bigint; no_transaction: bigint }>`
    SELECT
      (SELECT COUNT(*) FROM ledger_entries e LEFT JOIN ledger_accounts a ON a.id = e.account_id
        WHERE a.id IS NULL) AS no_account,
      (SELECT COUNT(*) FROM ledger_entries e LEFT JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE t.id IS NULL) AS no_transaction`.execute(db);
  const orphan = orphans.rows[0]!;
  if (n(orphan.no_account) > 0n || n(orphan.no_transaction) > 0n) {
    problems.push({
      kind: 'orphan-entry',
      detail: `${n(orphan.no_account)} entries without their account, ${n(orphan.no_transaction)} without their transaction`,
    });
  }

  // The journal summed by account in one pass (on SQLite it has no per-account index of its own).
  const mismatched = await sql<{ id: bigint; balance: bigint; total: bigint }>`
    SELECT a.id, a.balance, COALESCE(e.total, 0) AS total
    FROM ledger_accounts a
    LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM ledger_entries GROUP BY account_id) e
      ON e.account_id = a.id
    WHERE a.balance <> COALESCE(e.total, 0)`.execute(db);
  for (const r of mismatched.rows) {
    problems.push({
      kind: 'balance-mismatch',
      detail: `account ${r.id} stores ${n(r.balance)} but its entries sum to ${n(r.total)}`,
    });
  }

  const running = await sql<{
    id: bigint;
    account_id: bigint;
    balance_after: bigint;
    running: bigint;
  }>`
    SELECT id, account_id, balance_after, running FROM (
      SELECT id, account_id, balance_after,
             SUM(amount) OVER (PARTITION BY account_id ORDER BY id ROWS UNBOUNDED PRECEDING) AS running
      FROM ledger_entries) r
    WHERE balance_after <> running
    LIMIT 100`.execute(db);
  for (const r of running.rows) {
    problems.push({
      kind: 'running-balance-mismatch',
      detail: `entry ${r.id} of account ${r.account_id} says ${n(r.balance_after)}, the running sum is ${n(r.running)}`,
    });
  }

  // The per-account index (ledger/projection.ts) holds every journal entry up to its mark, under
  // the entry's own account, and nothing else.
  const projection = await sql<{ missing: bigint; stray: bigint }>`
    SELECT
      (SELECT COUNT(*) FROM ledger_entries e
        WHERE e.id <= (SELECT entries_up_to FROM ledger_projection WHERE id = 1)
          AND NOT EXISTS (SELECT 1 FROM ledger_entries_by_account p
                          WHERE p.account_id = e.account_id AND p.entry_id = e.id)) AS missing,
      (SELECT COUNT(*) FROM ledger_entries_by_account p
        WHERE p.entry_id > (SELECT entries_up_to FROM ledger_projection WHERE id = 1)
          OR NOT EXISTS (SELECT 1 FROM ledger_entries e
                         WHERE e.id = p.entry_id AND e.account_id = p.account_id)) AS stray`.execute(
    db,
  );
  const index = projection.rows[0]!;
  if (n(index.missing) > 0n || n(index.stray) > 0n) {
    problems.push({
      kind: 'projection-mismatch',
      detail: `${n(index.missing)} entries missing from the per-account index, ${n(index.stray)} indexed wrongly or beyond its mark`,
    });
  }

  const negative = await sql<{
    id: bigint;
    owner: string;
    owner_id: bigint;
    wallet: string;
    balance: bigint;
  }>`
    SELECT id, owner, owner_id, wallet, balance FROM ledger_accounts
    WHERE balance < 0 AND can_be_negative = 0 AND NOT (owner = 'user' AND wallet = 'contract')`.execute(
    db,
  );
  for (const r of negative.rows) {
    problems.push({
      kind: 'negative-balance',
      detail: `account ${r.id} (${r.owner} ${r.owner_id} ${r.wallet}) is at ${n(r.balance)}`,
    });
  }

  const counts = await sql<{ accounts: bigint; transactions: bigint; entries: bigint }>`
    SELECT (SELECT COUNT(*) FROM ledger_accounts) AS accounts,
           (SELECT COUNT(*) FROM ledger_transactions) AS transactions,
           (SELECT COUNT(*) FROM ledger_entries) AS entries`.execute(db);
  const c = counts.rows[0]!;
  return {
    ok: problems.length === 0,
    accounts: Number(c.accounts),
    transactions: Number(c.transactions),
    entries: Number(c.entries),
    problems,
    checkedAt: now,
  };
}

/**
 * The ledger against what the platform says is held: every user's frozen funds are exactly what
 * their open records hold. coin_hold: open spot orders plus, in the real book, amount + fee of
 * their withdrawals in progress (WITHDRAWAL_OPEN_STATES); contract_hold: margin and top-ups of
 * open leveraged positions; cft_hold: the principal of financial orders in progress. A finished
 * spot order holds nothing.
 */
export async function checkHolds(db: Db): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  // One statement, so a live server's commits cannot fall between the two sides.
  const holds = await sql<{
    user_id: bigint;
    book: string;
    wallet: string;
    currency: string;
    balance: bigint;
    held: bigint;
  }>`
    WITH holds AS (
      SELECT owner_id AS user_id, book, wallet, currency, balance FROM ledger_accounts
      WHERE owner = 'user' AND wallet IN ('coin_hold', 'contract_hold', 'cft_hold')
        AND balance <> 0
    ), held_by AS (
      SELECT user_id, book, 'coin_hold' AS wallet, held_currency AS currency, held
      FROM spot_orders WHERE held <> 0
      UNION ALL
      SELECT user_id, 'real' AS book, 'coin_hold' AS wallet, currency, amount + fee AS held
      FROM withdrawals WHERE status IN (${sql.join([...WITHDRAWAL_OPEN_STATES])})
      UNION ALL
      SELECT user_id, book, 'contract_hold' AS wallet, ${QUOTE_CURRENCY} AS currency, margin + top_up AS held
      FROM leverage_positions WHERE status = 'open'
      UNION ALL
      SELECT user_id, book, 'cft_hold' AS wallet, ${QUOTE_CURRENCY} AS currency, amount AS held
      FROM financial_orders WHERE status = 0
    ), orders AS (
      SELECT user_id, book, wallet, currency, SUM(held) AS held FROM held_by
      GROUP BY user_id, book, wallet, currency
    )
    SELECT COALESCE(h.user_id, o.user_id) AS user_id, COALESCE(h.book, o.book) AS book,
           COALESCE(h.wallet, o.wallet) AS wallet, COALESCE(h.currency, o.currency) AS currency,
           COALESCE(h.balance, 0) AS balance, COALESCE(o.held, 0) AS held
    FROM holds h FULL OUTER JOIN orders o
      ON o.user_id = h.user_id AND o.book = h.book AND o.wallet = h.wallet
         AND o.currency = h.currency
    WHERE COALESCE(h.balance, 0) <> COALESCE(o.held, 0)`.execute(db);
  for (const r of holds.rows) {
    problems.push({
      kind: 'hold-mismatch',
      detail: `user ${r.user_id} ${r.book} holds ${n(r.balance)} ${r.currency} in ${r.wallet}, its open records ${n(r.held)}`,
    });
  }

  const closedHolding = await sql<{ id: bigint; held: bigint }>`
    SELECT id, held FROM spot_orders WHERE held <> 0 AND phase IN ('filled', 'cancelled')`.execute(
    db,
  );
  for (const r of closedHolding.rows) {
    problems.push({
      kind: 'hold-on-closed-order',
      detail: `spot order ${r.id} is finished but still holds ${n(r.held)}`,
    });
  }

  return problems;
}

/** The whole platform's check (npm run ledger:check): the ledger's invariants, then the holds. */
export async function checkPlatform(db: Db, now: number = Date.now()): Promise<LedgerReport> {
  const report = await checkLedger(db, now);
  const problems = [...report.problems, ...(await checkHolds(db))];
  return { ...report, ok: problems.length === 0, problems };
}
