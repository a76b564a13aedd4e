import { createHash } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import type { LedgerTxType } from '@tidemark/contract';
import type { DatabaseHandle, Trx, WriteHolder } from '../db/database';
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

const POSTED_ENTRIES =
  'INSERT INTO ledger_entries (account_id, transaction_id, amount, balance_after, created_at) ' +
  'SELECT v.account_id, tx.id, v.amount, v.balance_after, ? FROM tx, ' +
  'unnest(?::int8[], ?::int8[], ?::int8[]) WITH ORDINALITY AS v(account_id, amount, balance_after, n) ' +
  'ORDER BY v.n RETURNING transaction_id';

const SQL = {
  findKey: 'SELECT transaction_id, content_hash FROM ledger_idempotency WHERE idempotency_key = ?',
  balance: 'SELECT balance FROM ledger_accounts WHERE id = ?',
  // PostgreSQL only (SQLite has no row locks): an int8[] of ids, already in ascending order.
  lockAccounts: 'SELECT id FROM ledger_accounts WHERE id = ANY(?) ORDER BY id FOR UPDATE',
  // PostgreSQL only: locks and reads in one (ids ascending), then sets what the post computed.
  lockBalances: 'SELECT id, balance FROM ledger_accounts WHERE id = ANY(?) ORDER BY id FOR UPDATE',
  setBalances:
    'UPDATE ledger_accounts AS a SET balance = v.balance FROM unnest(?::int8[], ?::int8[]) AS v(id, balance) WHERE a.id = v.id',
  // PostgreSQL only: a transaction and its entries (in posting order, so their ids are) at once.
  insertPosted:
    'WITH tx AS (INSERT INTO ledger_transactions (type, reference, memo, created_at) VALUES (?, ?, ?, ?) RETURNING id) ' +
    POSTED_ENTRIES,
  insertPostedWithKey:
    'WITH tx AS (INSERT INTO ledger_transactions (type, reference, memo, created_at) VALUES (?, ?, ?, ?) RETURNING id), ' +
    'k AS (INSERT INTO ledger_idempotency (idempotency_key, transaction_id, content_hash) SELECT ?, id, ? FROM tx) ' +
    POSTED_ENTRIES,
  findAccount:
    'SELECT id FROM ledger_accounts WHERE owner = ? AND owner_id = ? AND book = ? AND wallet = ? AND currency = ?',
  insertAccount:
    'INSERT INTO ledger_accounts (id, owner, owner_id, book, wallet, currency, balance, can_be_negative, created_at) ' +
    'VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?) ON CONFLICT (owner, owner_id, book, wallet, currency) DO NOTHING',
  // Answers the id only when this transaction opened the account (see Ledger.opened).
  insertAccountPg:
    'INSERT INTO ledger_accounts (owner, owner_id, book, wallet, currency, balance, can_be_negative, created_at) ' +
    'VALUES (?, ?, ?, ?, ?, 0, ?, ?) ON CONFLICT (owner, owner_id, book, wallet, currency) DO NOTHING RETURNING id',
  maxAccountId: 'SELECT MAX(id) AS id FROM ledger_accounts',
  maxEntryId: 'SELECT MAX(id) AS id FROM ledger_entries',
  maxTransactionId: 'SELECT MAX(id) AS id FROM ledger_transactions',
  // Through the per-account index and the journal's unprojected tail (ledger/projection.ts).
  entriesOf:
    'SELECT amount, balance_after FROM ledger_entries WHERE account_id = ? AND transaction_id = ? AND id IN (' +
    'SELECT entry_id FROM ledger_entries_by_account WHERE account_id = ? UNION ALL ' +
    'SELECT id FROM ledger_entries WHERE account_id = ? AND id > (SELECT entries_up_to FROM ledger_projection)) ' +
    'ORDER BY id',
};

/** Most committed balances the ledger keeps (beyond, it starts again from none). */
const SETTLED_LIMIT = 200_000;
/** Held rows are written in multi-row statements of this many rows, then halves for the rest. */
const CHUNK = 256;
const HELD_TABLES = {
  transactions: 'ledger_transactions (id, type, reference, memo, created_at)',
  entries: 'ledger_entries (id, account_id, transaction_id, amount, balance_after, created_at)',
  keys: 'ledger_idempotency (idempotency_key, transaction_id, content_hash)',
  balances: '',
} as const;
const WIDTH = { transactions: 5, entries: 6, keys: 3, balances: 2 } as const;
type HeldTable = keyof typeof HELD_TABLES;

/** What the open transaction has posted on SQLite and not yet written (see Ledger). */
interface Held {
  /**
   * Balances as this transaction has them, of the accounts it read or changed (kept when the
   * held rows are written out: they are what the database then holds; promoted to the ledger's
   * committed balances at COMMIT).
   */
  balances: Map<number, bigint>;
  changed: Set<number>;
  /** Rows to insert, their values one after another. */
  rows: Record<Exclude<HeldTable, 'balances'>, unknown[]>;
  keys: Map<string, { transactionId: bigint; hash: string }>;
}

const emptyHeld = (balances = new Map<number, bigint>()): Held => ({
  balances,
  changed: new Set(),
  rows: { transactions: [], entries: [], keys: [] },
  keys: new Map(),
});

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
 *
 * On SQLite a post writes nothing at once: it computes the balances in memory and holds its rows,
 * and every post of a transaction is written together, as multi-row appends to the journal and a
 * multi-row update of the changed balances, when anything else runs a statement on the connection
 * or the transaction commits (DatabaseHandle.held). So a group commit of many transfers costs a few large
 * statements, and the entries and balances still commit in one transaction. On PostgreSQL each
 * post writes at once, in three statements (its rows locked and read in id order, their balances
 * set, the transaction and its entries inserted; see postNow).
 */
export class Ledger implements WriteHolder {
  private readonly sql: LedgerSql;
  private held: Held = emptyHeld();
  private readonly heldTexts = new Map<string, string>();
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  private balanceStatement: BetterSqlite3.Statement | undefined;
  /**
   * Account ids by key. Ids are never reused, so a stale entry is detected, not misapplied. On
   * PostgreSQL it holds committed accounts only (see `opened`).
   */
  private readonly ids = new Map<string, number>();
  /**
   * PostgreSQL: the accounts each transaction opened itself, kept out of `ids` because they are
   * not committed yet. Another transaction given such an id could not see its row, took the
   * account for rolled back and opened it again, waiting on the opener's insert while holding the
   * row locks the opener waited for: a deadlock, broken only by PostgreSQL's detector after a
   * second or more and often renewed by the retry (issue 18: eight first transfers of one trader
   * at once stalled that trader for seconds). Now a transaction that does not find an account
   * opens it before it locks any row, so it at most waits for the opener's commit.
   */
  private readonly opened = new WeakMap<Trx, Map<string, number>>();
  /**
   * On SQLite (one process) account, transaction and entry ids are allocated here, only upwards:
   * SQLite would hand a rolled-back id to the next insert, and a cached account id must never come
   * back as another account; held rows need their ids before they are written; and entry ids in
   * commit order are what lets the projection keep a mark (projection.ts). PostgreSQL sequences
   * never go back by themselves.
   */
  private lastAccountId: bigint | undefined;
  private lastEntryId: bigint | undefined;
  private lastTransactionId: bigint | undefined;
  /**
   * SQLite: balances as last committed, of the accounts posted to or read lately, so that a post
   * does not read again what the last commit wrote (a transfer read two balances per commit).
   * Balances change only through this ledger, and in this process only on this connection; a
   * commit by any other connection (another process on the same file: a CLI, a seed) changes
   * SQLite's data_version, and then all of them are forgotten (checked once per transaction).
   * A transaction's balances join them only when it commits (Held.balances).
   */
  private readonly settled = new Map<number, bigint>();
  private versionChecked = false;
  private dataVersion: bigint | undefined;
  private versionStatement: BetterSqlite3.Statement | undefined;

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly clock: Clock,
  ) {
    // The ledger's own statements see its held rows without writing them out first.
    this.sql = ledgerSql(handle, { own: true });
    if (this.sqlite) handle.held.add(this);
  }

  private get sqlite(): boolean {
    return this.handle.dialect === 'sqlite';
  }

  async post(trx: Trx, spec: PostSpec): Promise<Posted> {
    this.check(spec);
    const hash = spec.idempotencyKey ? contentHash(spec) : '';
    if (spec.idempotencyKey) {
      const earlier = await this.earlier(trx, spec.idempotencyKey);
      if (earlier) {
        if (earlier.hash !== hash) throw new DomainError('idempotencyConflict');
        return this.replay(trx, earlier.transactionId, spec);
      }
    }
    return this.sqlite ? this.postHeld(trx, spec, hash) : this.postNow(trx, spec, hash);
  }

  /** The transaction an earlier post with this key made, held or written. */
  private async earlier(
    trx: Trx,
    key: string,
  ): Promise<{ transactionId: number; hash: string } | undefined> {
    const held = this.held.keys.get(key);
    if (held) return { transactionId: Number(held.transactionId), hash: held.hash };
    const [row] = await this.sql.all(trx, SQL.findKey, [key]);
    return row
      ? { transactionId: Number(row.transaction_id), hash: row.content_hash as string }
      : undefined;
  }

  /** SQLite: balances computed here, rows held until the transaction writes them (see above). */
  private async postHeld(trx: Trx, spec: PostSpec, hash: string): Promise<Posted> {
    const resolved: { posting: Posting; accountId: number }[] = [];
    for (const posting of spec.postings) {
      // Most posts touch known accounts: no promise for those.
      const cached = this.ids.get(accountKeyText(posting.account));
      const accountId =
        cached !== undefined && this.heldBalance(cached) !== undefined
          ? cached
          : await this.heldAccount(trx, posting.account);
      resolved.push({ posting, accountId });
    }
    // From here to the end nothing awaits: no other statement can write the held rows out (and
    // replace this.held) in the middle.
    // Spends first, as on PostgreSQL: a spend is checked against the balance before the credits.
    resolved.sort(
      (a, b) =>
        Number(isSpend(b.posting)) - Number(isSpend(a.posting)) || a.accountId - b.accountId,
    );
    const after = new Map<number, bigint>();
    const applied: { posting: Posting; accountId: number; balanceAfter: bigint }[] = [];
    for (const { posting, accountId } of resolved) {
      const balance = (after.get(accountId) ?? this.heldBalance(accountId)!) + posting.amount;
      if (balance < 0n && isSpend(posting)) throw new DomainError('insufficientBalance');
      after.set(accountId, balance);
      applied.push({ posting, accountId, balanceAfter: balance });
    }

    // Checked: from here on nothing refuses, and the rows are held.
    if (!this.versionChecked) this.checkVersion();
    const now = BigInt(this.clock.now());
    this.lastTransactionId ??= this.maxIdNow(SQL.maxTransactionId);
    const transactionId = ++this.lastTransactionId;
    const rows = this.held.rows;
    rows.transactions.push(
      transactionId,
      spec.type,
      spec.reference,
      spec.memo ? memoText(spec.memo) : '',
      now,
    );
    if (spec.idempotencyKey) {
      rows.keys.push(spec.idempotencyKey, transactionId, hash);
      this.held.keys.set(spec.idempotencyKey, { transactionId, hash });
    }
    this.lastEntryId ??= this.maxIdNow(SQL.maxEntryId);
    const entries: PostedEntry[] = [];
    for (const { posting, accountId, balanceAfter } of applied) {
      entries.push({ account: posting.account, accountId, amount: posting.amount, balanceAfter });
      rows.entries.push(
        ++this.lastEntryId,
        accountId,
        transactionId,
        posting.amount,
        balanceAfter,
        now,
      );
    }
    for (const [accountId, balance] of after) {
      this.held.balances.set(accountId, balance);
      this.held.changed.add(accountId);
    }
    // Held rows are writes of this unit: the group committer must roll back a unit that fails
    // after posting.
    this.handle.writeCount.writes += 1 + entries.length + after.size;
    return { transactionId: Number(transactionId), entries, replayed: false };
  }

  /** The id of an account a held post uses (reopened if its cached id was rolled back). */
  private async heldAccount(trx: Trx, key: AccountKey): Promise<number> {
    const accountId = await this.accountId(trx, key);
    if (this.heldBalance(accountId) !== undefined) return accountId;
    // The account was opened in a transaction that rolled back: open it again.
    this.ids.delete(accountKeyText(key));
    return this.accountId(trx, key);
  }

  /**
   * An account's balance as the open transaction has it (held, or read at once on the connection
   * the caller's transaction holds); undefined when there is no such account.
   */
  private heldBalance(accountId: number): bigint | undefined {
    const held = this.held.balances.get(accountId);
    if (held !== undefined) return held;
    if (!this.versionChecked) this.checkVersion();
    let balance = this.settled.get(accountId);
    if (balance === undefined) {
      this.balanceStatement ??= this.handle.sqlite!.prepare(SQL.balance).pluck();
      const read = this.balanceStatement.get(accountId) as bigint | number | undefined;
      // No such account: never opened, or opened by a transaction that rolled back.
      if (read === undefined) return undefined;
      balance = BigInt(read);
    }
    this.held.balances.set(accountId, balance);
    return balance;
  }

  /**
   * Forgets the committed balances and the last ids when another connection has committed since
   * the last look (once per transaction, before the first balance is read or id handed out).
   */
  private checkVersion(): void {
    this.versionChecked = true;
    this.versionStatement ??= this.handle.sqlite!.prepare('PRAGMA data_version').pluck();
    const version = BigInt(this.versionStatement.get() as bigint | number);
    if (version !== this.dataVersion) {
      this.settled.clear();
      // Rows another connection appended took ids this ledger would otherwise hand out again.
      this.lastAccountId = this.lastEntryId = this.lastTransactionId = undefined;
      this.dataVersion = version;
    }
  }

  /** Writes the held rows (the driver calls this before other statements and before COMMIT). */
  flush(): void {
    const held = this.held;
    if (held.changed.size === 0 && held.rows.transactions.length === 0) return;
    // The balances stay: once written, they are what the transaction reads back.
    this.held = emptyHeld(held.balances);
    try {
      // Transactions before their entries and keys, as a reader of the database expects.
      this.insertHeld('transactions', held.rows.transactions);
      this.insertHeld('entries', held.rows.entries);
      this.insertHeld('keys', held.rows.keys);
      const balances: unknown[] = [];
      for (const id of held.changed) balances.push(id, held.balances.get(id)!);
      this.insertHeld('balances', balances);
    } catch (error) {
      // Part of it may be written: the unit running now must not look like it failed cleanly.
      this.handle.writeCount.writes += 1;
      throw error;
    }
  }

  /** Forgets the held rows and balances: a transaction begins, or its transaction rolled back. */
  discard(): void {
    if (this.held.balances.size > 0 || this.held.rows.transactions.length > 0)
      this.held = emptyHeld();
  }

  /** The transaction committed (its held rows were written before COMMIT): its balances stand. */
  committed(): void {
    // What runs next outside this transaction looks at data_version again.
    this.versionChecked = false;
    const balances = this.held.balances;
    if (balances.size === 0) return;
    if (this.settled.size + balances.size > SETTLED_LIMIT) this.settled.clear();
    for (const [id, balance] of balances) this.settled.set(id, balance);
    this.held = emptyHeld();
  }

  private insertHeld(table: HeldTable, values: unknown[]): void {
    const width = WIDTH[table];
    let offset = 0;
    while (offset < values.length) {
      const remaining = (values.length - offset) / width;
      let rows = CHUNK;
      while (rows > remaining) rows >>= 1;
      this.prepared(this.heldText(table, rows)).run(values.slice(offset, offset + rows * width));
      offset += rows * width;
    }
  }

  private heldText(table: HeldTable, rows: number): string {
    const name = `${table}:${rows}`;
    let text = this.heldTexts.get(name);
    if (!text) {
      const row = `(${Array.from({ length: WIDTH[table] }, () => '?').join(', ')})`;
      const values = `VALUES ${Array.from({ length: rows }, () => row).join(', ')}`;
      // Balances: one statement sets many (id, balance) pairs.
      text =
        table === 'balances'
          ? `UPDATE ledger_accounts AS a SET balance = v.column2 FROM (${values}) AS v WHERE a.id = v.column1`
          : `INSERT INTO ${HELD_TABLES[table]} ${values}`;
      this.heldTexts.set(name, text);
    }
    return text;
  }

  private prepared(text: string): BetterSqlite3.Statement {
    let statement = this.statements.get(text);
    if (!statement) this.statements.set(text, (statement = this.handle.sqlite!.prepare(text)));
    return statement;
  }

  /** A MAX(id) read at once on the connection the caller's transaction holds (SQLite). */
  private maxIdNow(text: string): bigint {
    const row = this.prepared(text).get() as { id: bigint | number | null } | undefined;
    return BigInt(row?.id ?? 0n);
  }

  /**
   * PostgreSQL: three statements whatever the number of postings. The accounts' rows are locked
   * all at once in ascending id order (concurrent posts never deadlock) and their balances read in
   * the same statement; from then on they are this transaction's until it ends, so the spends are
   * checked here, before anything is written, and the new balances are set in one update. Then the
   * transaction, its entries (and its idempotency key) are inserted in one statement. (It was a
   * guarded update per posting and a statement per row: eleven round trips for a spot fill, and
   * on this machine every round trip to PostgreSQL costs more than the work it carries.)
   */
  private async postNow(trx: Trx, spec: PostSpec, hash: string): Promise<Posted> {
    const resolved: { posting: Posting; accountId: number }[] = [];
    for (const posting of spec.postings) {
      resolved.push({ posting, accountId: await this.accountId(trx, posting.account) });
    }
    const ids = [...new Set(resolved.map((r) => r.accountId))].sort((a, b) => a - b);
    const rows = await this.sql.all(trx, SQL.lockBalances, [ids]);
    if (rows.length !== ids.length) {
      // An account's row is gone (not expected: `ids` holds committed accounts only on
      // PostgreSQL, and accounts are never deleted): open those again and start over.
      const found = new Set(rows.map((row) => Number(row.id)));
      for (const { posting, accountId } of resolved)
        if (!found.has(accountId)) this.ids.delete(accountKeyText(posting.account));
      return this.postNow(trx, spec, hash);
    }
    const balances = new Map<number, bigint>();
    for (const row of rows) balances.set(Number(row.id), BigInt(row.balance as bigint | string));
    // Spends first, so a spend is checked against the balance before the credits.
    resolved.sort(
      (a, b) =>
        Number(isSpend(b.posting)) - Number(isSpend(a.posting)) || a.accountId - b.accountId,
    );
    const applied: { posting: Posting; accountId: number; balanceAfter: bigint }[] = [];
    for (const { posting, accountId } of resolved) {
      const balanceAfter = balances.get(accountId)! + posting.amount;
      if (balanceAfter < 0n && isSpend(posting)) throw new DomainError('insufficientBalance');
      balances.set(accountId, balanceAfter);
      applied.push({ posting, accountId, balanceAfter });
    }

    // Checked: from here on nothing refuses.
    const changed = [...balances.keys()];
    await this.sql.all(trx, SQL.setBalances, [
      changed,
      changed.map((id) => String(balances.get(id))),
    ]);
    const now = BigInt(this.clock.now());
    const entries: PostedEntry[] = [];
    const accounts: number[] = [];
    const amounts: string[] = [];
    const after: string[] = [];
    for (const { posting, accountId, balanceAfter } of applied) {
      entries.push({ account: posting.account, accountId, amount: posting.amount, balanceAfter });
      accounts.push(accountId);
      amounts.push(String(posting.amount));
      after.push(String(balanceAfter));
    }
    const memo = spec.memo ? memoText(spec.memo) : '';
    const [tx] = spec.idempotencyKey
      ? await this.sql.all(trx, SQL.insertPostedWithKey, [
          spec.type,
          spec.reference,
          memo,
          now,
          spec.idempotencyKey,
          hash,
          now,
          accounts,
          amounts,
          after,
        ])
      : await this.sql.all(trx, SQL.insertPosted, [
          spec.type,
          spec.reference,
          memo,
          now,
          now,
          accounts,
          amounts,
          after,
        ]);
    const transactionId = Number(tx!.transaction_id as bigint | number);
    return { transactionId, entries, replayed: false };
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
      let balance: bigint | undefined;
      if (id !== undefined && this.sqlite) balance = this.heldBalance(id);
      else if (id !== undefined) {
        const [row] = await this.sql.all(trx, SQL.balance, [id]);
        if (row) balance = BigInt(row.balance as bigint | number);
      }
      if (balance === undefined || balance + total < 0n) {
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
      if (!this.versionChecked) this.checkVersion();
      this.lastAccountId ??= await this.maxId(trx, SQL.maxAccountId);
      this.lastAccountId += 1n;
      await this.sql.all(trx, SQL.insertAccount, [this.lastAccountId, ...rest]);
    } else {
      const [row] = await this.sql.all(trx, SQL.insertAccountPg, rest);
      if (row) {
        const id = Number(row.id);
        const opened = this.opened.get(trx);
        if (opened) opened.set(accountKeyText(key), id);
        else this.opened.set(trx, new Map([[accountKeyText(key), id]]));
        return id;
      }
      // Opened by another transaction, which has committed (the insert waited for it).
    }
    const opened = await this.existingAccountId(trx, key);
    if (opened === undefined)
      throw new LedgerError(`account ${accountKeyText(key)} could not be opened`);
    return opened;
  }

  private async existingAccountId(trx: Trx, key: AccountKey): Promise<number | undefined> {
    const text = accountKeyText(key);
    const cached = this.ids.get(text) ?? this.opened.get(trx)?.get(text);
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
  private async maxId(trx: Trx, text: string): Promise<bigint> {
    const [row] = await this.sql.all(trx, text, []);
    return BigInt((row?.id as bigint | number | null) ?? 0n);
  }

  private async replay(trx: Trx, transactionId: number, spec: PostSpec): Promise<Posted> {
    // The earlier post may still be held: its entries are read from the database.
    if (this.sqlite) this.flush();
    const entries: PostedEntry[] = [];
    const seen = new Set<number>();
    for (const posting of spec.postings) {
      const accountId = await this.accountId(trx, posting.account);
      if (seen.has(accountId)) continue;
      seen.add(accountId);
      const params = [accountId, transactionId, accountId, accountId];
      for (const row of await this.sql.all(trx, SQL.entriesOf, params)) {
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
