import { createHash } from 'node:crypto';
import type { LedgerTxType } from '@tidemark/contract';
import type { DatabaseHandle, Trx } from '../db/database';
import { DomainError } from '../http/domain-error';
import type { Clock } from '../lib/clock';
import { accountKeyText, canBeNegative, mayGoNegative, type AccountKey } from './accounts';
import { ledgerSql, type LedgerSql } from './ledger.sql';
import { memoText, type LedgerMemo } from './memo';

export interface Posting {
  account: AccountKey;
  /** Signed units of 1e-8: negative leaves the account, positive enters it. */
  amount: bigint;
  /** Only a liquidation may take a user's contract wallet below zero (see accounts.ts). */
  allowNegative?: boolean;
}

export interface PostSpec {
  type: LedgerTxType;
  /** The business record, "transfer:42". */
  reference: string;
  postings: readonly Posting[];
  /**
   * What it was, for the account-change log (stored as memo.ts's JSON). Descriptive only: not part
   * of the content an idempotency key is checked against.
   */
  memo?: LedgerMemo;
  /** A retried post with the same key applies once; the same key with other postings is refused. */
  idempotencyKey?: string;
}

export interface PostedEntry {
  account: AccountKey;
  accountId: number;
  amount: bigint;
  balanceAfter: bigint;
}

export interface Posted {
  transactionId: number;
  entries: PostedEntry[];
  /** True when an earlier post with the same idempotency key answered this one. */
  replayed: boolean;
}

/** A post that cannot be balanced: a programming error, never user input. */
export class LedgerError extends Error {
  override name = 'LedgerError';
}

const SQL = {
  findKey: 'SELECT transaction_id, content_hash FROM ledger_idempotency WHERE idempotency_key = ?',
  insertKey:
    'INSERT INTO ledger_idempotency (idempotency_key, transaction_id, content_hash) VALUES (?, ?, ?)',
  insertTx:
    'INSERT INTO ledger_transactions (type, reference, memo, created_at) VALUES (?, ?, ?, ?) RETURNING id',
  balance: 'SELECT balance FROM ledger_accounts WHERE id = ?',
  // PostgreSQL only (SQLite has no row locks): an int8[] of ids, already in ascending order.
  lockAccounts: 'SELECT id FROM ledger_accounts WHERE id = ANY(?) ORDER BY id FOR UPDATE',
  credit: 'UPDATE ledger_accounts SET balance = balance + ? WHERE id = ? RETURNING balance',
  // Still guarded: on PostgreSQL another transaction may spend between the check and the update.
  debit:
    'UPDATE ledger_accounts SET balance = balance + ? WHERE id = ? AND balance + ? >= 0 RETURNING balance',
  findAccount:
    'SELECT id FROM ledger_accounts WHERE owner = ? AND owner_id = ? AND book = ? AND wallet = ? AND currency = ?',
  insertAccount:
    'INSERT INTO ledger_accounts (id, owner, owner_id, book, wallet, currency, balance, can_be_negative, created_at) ' +
    'VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?) ON CONFLICT (owner, owner_id, book, wallet, currency) DO NOTHING',
  insertAccountPg:
    'INSERT INTO ledger_accounts (owner, owner_id, book, wallet, currency, balance, can_be_negative, created_at) ' +
    'VALUES (?, ?, ?, ?, ?, 0, ?, ?) ON CONFLICT (owner, owner_id, book, wallet, currency) DO NOTHING',
  maxAccountId: 'SELECT MAX(id) AS id FROM ledger_accounts',
  maxEntryId: 'SELECT MAX(id) AS id FROM ledger_entries',
  entriesOf:
    'SELECT account_id, amount, balance_after FROM ledger_entries WHERE account_id = ? AND transaction_id = ?',
};

function contentHash(spec: PostSpec): string {
  const hash = createHash('sha256').update(`${spec.type}|${spec.reference}`);
  for (const p of spec.postings) hash.update(`|${accountKeyText(p.account)}=${p.amount}`);
  return hash.digest('hex');
}

const ownerId = (key: AccountKey) => (key.owner === 'user' ? BigInt(key.userId) : 0n);

/** A posting that takes money out of an account that must not go below zero. */
const isSpend = (p: Posting) =>
  p.amount < 0n && !mayGoNegative(p.account, p.allowNegative ?? false);

/**
 * The double-entry ledger. post() writes one balanced transaction inside the caller's database
 * transaction: balances change only here, a user balance never goes below zero, and every entry
 * records the balance it left behind.
 *
 * A post checks before it writes: a refusal (insufficient balance, a conflicting idempotency key)
 * leaves nothing behind, which lets the group committer share one commit between many callers
 * without a savepoint for each.
 */
export class Ledger {
  private readonly sql: LedgerSql;
  /** Account ids by key. Ids are never reused, so a stale entry is detected, not misapplied. */
  private readonly ids = new Map<string, number>();
  private readonly insertTexts = new Map<number, string>();
  /**
   * On SQLite (one process) account and entry ids are allocated here, only upwards: SQLite would
   * hand a rolled-back id to the next insert, and a cached account id must never come back as
   * another account. PostgreSQL sequences never go back by themselves.
   */
  private lastAccountId: bigint | undefined;
  private lastEntryId: bigint | undefined;

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly clock: Clock,
  ) {
    this.sql = ledgerSql(handle);
  }

  private get sqlite(): boolean {
    return this.handle.dialect === 'sqlite';
  }

  async post(trx: Trx, spec: PostSpec): Promise<Posted> {
    this.check(spec);
    const hash = spec.idempotencyKey ? contentHash(spec) : '';
    if (spec.idempotencyKey) {
      const [earlier] = await this.sql.all(trx, SQL.findKey, [spec.idempotencyKey]);
      if (earlier) {
        if (earlier.content_hash !== hash) throw new DomainError('idempotencyConflict');
        return this.replay(trx, Number(earlier.transaction_id), spec);
      }
    }
    // A single spend is checked by its own guarded update, which then runs first: a refusal still
    // leaves nothing written. Two or more are checked together before anything is written.
    const spends = spec.postings.filter((p) => isSpend(p)).length;
    if (spends > 1) await this.precheck(trx, spec.postings);

    // Writing from here on (but for a refused single spend, which writes nothing).
    const resolved: { posting: Posting; accountId: number }[] = [];
    for (const posting of spec.postings) {
      resolved.push({ posting, accountId: await this.accountId(trx, posting.account) });
    }
    // On PostgreSQL the rows are locked first, all at once in ascending id order, so concurrent
    // posts never deadlock. Then spends first (see above).
    if (!this.sqlite)
      await this.lockIds(
        trx,
        resolved.map((r) => r.accountId),
      );
    resolved.sort(
      (a, b) =>
        Number(isSpend(b.posting)) - Number(isSpend(a.posting)) || a.accountId - b.accountId,
    );
    const now = BigInt(this.clock.now());
    const applied: { posting: Posting; accountId: number; balanceAfter: bigint }[] = [];
    for (const { posting, accountId: cachedId } of resolved) {
      applied.push({ posting, ...(await this.apply(trx, posting, cachedId)) });
    }
    const [tx] = await this.sql.all(trx, SQL.insertTx, [
      spec.type,
      spec.reference,
      spec.memo ? memoText(spec.memo) : '',
      now,
    ]);
    const transactionId = BigInt(tx!.id as bigint | number);
    if (spec.idempotencyKey) {
      await this.sql.all(trx, SQL.insertKey, [spec.idempotencyKey, transactionId, hash]);
    }
    const entries: PostedEntry[] = [];
    const params: unknown[] = [];
    for (const { posting, accountId, balanceAfter } of applied) {
      entries.push({ account: posting.account, accountId, amount: posting.amount, balanceAfter });
      if (this.sqlite) params.push(await this.nextEntryId(trx));
      params.push(accountId, transactionId, posting.amount, balanceAfter, now);
    }
    await this.sql.all(trx, this.entriesText(entries.length), params);
    return { transactionId: Number(transactionId), entries, replayed: false };
  }

  /**
   * Refuses, before anything is written, postings the balances cannot cover. Callers that write
   * their own records before posting call it first, so that a refusal leaves nothing behind.
   */
  async precheck(trx: Trx, postings: readonly Posting[]): Promise<void> {
    const spends = new Map<string, { account: AccountKey; total: bigint }>();
    for (const p of postings) {
      if (!isSpend(p)) continue;
      const text = accountKeyText(p.account);
      const spend = spends.get(text);
      if (spend) spend.total += p.amount;
      else spends.set(text, { account: p.account, total: p.amount });
    }
    for (const { account, total } of spends.values()) {
      const id = await this.existingAccountId(trx, account);
      const [row] = id === undefined ? [] : await this.sql.all(trx, SQL.balance, [id]);
      if (!row || BigInt(row.balance as bigint | number) + total < 0n) {
        throw new DomainError('insufficientBalance');
      }
    }
  }

  /**
   * Locks accounts a transaction is about to post to more than once (PostgreSQL; SQLite has one
   * writer). A transaction that posts several times takes all its locks here, in ascending id
   * order, before the first post: posts lock as they go, and two transactions taking locks post by
   * post in different orders could deadlock.
   */
  async lock(trx: Trx, keys: readonly AccountKey[]): Promise<void> {
    if (this.sqlite) return;
    const ids: number[] = [];
    for (const key of keys) ids.push(await this.accountId(trx, key));
    await this.lockIds(trx, ids);
  }

  private async lockIds(trx: Trx, ids: readonly number[]): Promise<void> {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    await this.sql.all(trx, SQL.lockAccounts, [unique]);
  }

  /** The id of an account, opened on first use. */
  async accountId(trx: Trx, key: AccountKey): Promise<number> {
    const existing = await this.existingAccountId(trx, key);
    if (existing !== undefined) return existing;
    const columns = [key.owner, ownerId(key), key.book, key.wallet, key.currency];
    const rest = [...columns, canBeNegative(key) ? 1n : 0n, BigInt(this.clock.now())];
    if (this.sqlite) {
      this.lastAccountId ??= await this.maxId(trx, SQL.maxAccountId);
      this.lastAccountId += 1n;
      await this.sql.all(trx, SQL.insertAccount, [this.lastAccountId, ...rest]);
    } else {
      await this.sql.all(trx, SQL.insertAccountPg, rest);
    }
    const opened = await this.existingAccountId(trx, key);
    if (opened === undefined)
      throw new LedgerError(`account ${accountKeyText(key)} could not be opened`);
    return opened;
  }

  private async existingAccountId(trx: Trx, key: AccountKey): Promise<number | undefined> {
    const text = accountKeyText(key);
    const cached = this.ids.get(text);
    if (cached !== undefined) return cached;
    const [row] = await this.sql.all(trx, SQL.findAccount, [
      key.owner,
      ownerId(key),
      key.book,
      key.wallet,
      key.currency,
    ]);
    if (!row) return undefined;
    const id = Number(row.id);
    this.ids.set(text, id);
    return id;
  }

  /** Applies one posting; answers the balance it leaves and the account id it really used. */
  private async apply(
    trx: Trx,
    posting: Posting,
    accountId: number,
  ): Promise<{ accountId: number; balanceAfter: bigint }> {
    const guarded =
      posting.amount < 0n && !mayGoNegative(posting.account, posting.allowNegative ?? false);
    const [row] = guarded
      ? await this.sql.all(trx, SQL.debit, [posting.amount, accountId, posting.amount])
      : await this.sql.all(trx, SQL.credit, [posting.amount, accountId]);
    if (row) return { accountId, balanceAfter: BigInt(row.balance as bigint | number) };
    const [exists] = await this.sql.all(trx, SQL.balance, [accountId]);
    if (exists) throw new DomainError('insufficientBalance');
    // The account was opened in a transaction that rolled back: open it again and retry.
    this.ids.delete(accountKeyText(posting.account));
    return this.apply(trx, posting, await this.accountId(trx, posting.account));
  }

  private async nextEntryId(trx: Trx): Promise<bigint> {
    this.lastEntryId ??= await this.maxId(trx, SQL.maxEntryId);
    this.lastEntryId += 1n;
    return this.lastEntryId;
  }

  private async maxId(trx: Trx, text: string): Promise<bigint> {
    const [row] = await this.sql.all(trx, text, []);
    return BigInt((row?.id as bigint | number | null) ?? 0n);
  }

  private async replay(trx: Trx, transactionId: number, spec: PostSpec): Promise<Posted> {
    const entries: PostedEntry[] = [];
    const seen = new Set<number>();
    for (const posting of spec.postings) {
      const accountId = await this.accountId(trx, posting.account);
      if (seen.has(accountId)) continue;
      seen.add(accountId);
      for (const row of await this.sql.all(trx, SQL.entriesOf, [accountId, transactionId])) {
        entries.push({
          account: posting.account,
          accountId,
          amount: BigInt(row.amount as bigint),
          balanceAfter: BigInt(row.balance_after as bigint),
        });
      }
    }
    return { transactionId, entries, replayed: true };
  }

  private entriesText(count: number): string {
    let text = this.insertTexts.get(count);
    if (!text) {
      const columns = this.sqlite
        ? '(id, account_id, transaction_id, amount, balance_after, created_at)'
        : '(account_id, transaction_id, amount, balance_after, created_at)';
      const row = this.sqlite ? '(?, ?, ?, ?, ?, ?)' : '(?, ?, ?, ?, ?)';
      text = `INSERT INTO ledger_entries ${columns} VALUES ${Array.from({ length: count }, () => row).join(', ')}`;
      this.insertTexts.set(count, text);
    }
    return text;
  }

  /** The postings balance per currency, stay in one book, and move something. */
  private check(spec: PostSpec): void {
    if (spec.postings.length < 2)
      throw new LedgerError('a transaction needs at least two postings');
    const book = spec.postings[0]!.account.book;
    const sums = new Map<string, bigint>();
    for (const p of spec.postings) {
      if (p.amount === 0n) throw new LedgerError('a posting of zero');
      if (p.account.book !== book)
        throw new LedgerError('a transaction cannot mix the demo and real books');
      sums.set(p.account.currency, (sums.get(p.account.currency) ?? 0n) + p.amount);
    }
    for (const [currency, sum] of sums) {
      if (sum !== 0n) throw new LedgerError(`postings in ${currency} sum to ${sum}, not zero`);
    }
  }
}
