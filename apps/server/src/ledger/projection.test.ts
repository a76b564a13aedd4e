import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { GroupCommitter } from '../db/group-commit';
import { migrateTo, migrateToLatest } from '../db/migrate';
import { systemClock } from '../lib/clock';
import { freshDatabase, migratedDatabase } from '../test/database';
import { systemAccount, userAccount } from './accounts';
import { checkLedger } from './check';
import { Ledger, type PostSpec } from './ledger';
import { LedgerProjection } from './projection';
import { accountEntries, userEntries } from './queries';

let handle: DatabaseHandle;
let close: () => Promise<void>;
let ledger: Ledger;
let writer: GroupCommitter;
let projection: LedgerProjection;

beforeAll(async () => {
  ({ handle, close } = await migratedDatabase());
  ledger = new Ledger(handle, systemClock);
  writer = new GroupCommitter(handle);
  projection = new LedgerProjection(handle);
});
afterAll(() => close());

const sqlite = () => handle.dialect === 'sqlite';
let nextUser = 5_000;
const funding = (userId: number, amount: bigint, key?: string): PostSpec => ({
  type: 'adjustment',
  reference: `test:${userId}`,
  postings: [
    { account: systemAccount('real', 'treasury', 'USDT'), amount: -amount },
    { account: userAccount(userId, 'real', 'coin', 'USDT'), amount },
  ],
  ...(key ? { idempotencyKey: key } : {}),
});
const post = (spec: PostSpec) => writer.run((trx) => ledger.post(trx, spec));

const log = (userId: number) =>
  userEntries(handle.db, {
    userId,
    book: 'real',
    wallets: ['coin'],
    types: null,
    offset: 0,
    limit: 100,
  });

/** The same entries straight from the journal, newest first: what the log must answer. */
async function journalOf(userId: number) {
  const rows = await handle.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['e.id', 'e.amount', 'e.balance_after'])
    .where('a.owner', '=', 'user')
    .where('a.owner_id', '=', BigInt(userId))
    .where('a.wallet', '=', 'coin')
    .orderBy('e.id', 'desc')
    .execute();
  return rows.map((r) => [BigInt(r.id), BigInt(r.amount), BigInt(r.balance_after)]);
}
const shown = (page: Awaited<ReturnType<typeof log>>) =>
  page.rows.map((r) => [BigInt(r.id), BigInt(r.amount), BigInt(r.balance_after)]);

const indexed = async () =>
  Number(
    (
      await handle.db
        .selectFrom('ledger_entries_by_account')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the journal and its per-account index', () => {
  it('answers every entry at once, before and after the index catches up', async () => {
    const userId = nextUser++;
    for (const amount of [5n, 7n, 11n]) await post(funding(userId, amount));
    // Nothing indexed yet: the log is the journal's tail.
    const before = await log(userId);
    expect(before.total).toBe(3);
    expect(shown(before)).toEqual(await journalOf(userId));
    expect(shown(before).map(([, , after]) => after)).toEqual([23n, 12n, 5n]);

    const projected = await projection.project();
    if (sqlite()) {
      expect(projected).toBeGreaterThanOrEqual(6);
      expect(await indexed()).toBeGreaterThanOrEqual(6);
    } else {
      // PostgreSQL: the journal's primary key is the index (projection.ts).
      expect(projected).toBe(0);
    }
    expect(await projection.project()).toBe(0);
    const after = await log(userId);
    expect(after).toEqual(before);

    // Half indexed, half tail.
    await post(funding(userId, 13n));
    const mixed = await log(userId);
    expect(mixed.total).toBe(4);
    expect(shown(mixed)).toEqual(await journalOf(userId));
    expect(shown(mixed)[0]).toEqual([expect.any(BigInt), 13n, 36n]);
    expect((await checkLedger(handle.db)).problems).toEqual([]);
  });

  it('answers a page of an account through accountEntries alone', async () => {
    const userId = nextUser++;
    await post(funding(userId, 1n));
    await projection.project();
    await post(funding(userId, 2n));
    const account = handle.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('owner', '=', 'user')
      .where('owner_id', '=', BigInt(userId));
    const rows = await handle.db
      .selectFrom(accountEntries(handle.db, account).as('e'))
      .select(['e.amount'])
      .orderBy('e.id')
      .execute();
    expect(rows.map((r) => BigInt(r.amount))).toEqual([1n, 2n]);
  });

  it('lets a unit read what it posted, and replay a key it posted, in the same commit', async () => {
    const userId = nextUser++;
    const key = `projection-${process.pid}-${userId}`;
    const seen = await writer.run(async (trx) => {
      const first = await ledger.post(trx, funding(userId, 9n, key));
      const balance = await trx
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('owner', '=', 'user')
        .where('owner_id', '=', BigInt(userId))
        .executeTakeFirstOrThrow();
      const again = await ledger.post(trx, funding(userId, 9n, key));
      const page = await userEntries(trx, {
        userId,
        book: 'real',
        wallets: ['coin'],
        types: null,
        offset: 0,
        limit: 10,
      });
      return { first, balance: BigInt(balance.balance), again, total: page.total };
    });
    expect(seen.balance).toBe(9n);
    expect(seen.again.replayed).toBe(true);
    expect(seen.again.transactionId).toBe(seen.first.transactionId);
    expect(seen.again.entries.map((e) => [e.amount, e.balanceAfter])).toContainEqual([9n, 9n]);
    expect(seen.total).toBe(1);
    expect((await checkLedger(handle.db)).problems).toEqual([]);
  });

  it.runIf(process.env.DATABASE_URL === undefined)(
    'notices an index that does not match the journal',
    async () => {
      await post(funding(nextUser++, 3n));
      await projection.project();
      const [entry] = await handle.db
        .selectFrom('ledger_entries')
        .select(['id', 'account_id'])
        .orderBy('id', 'desc')
        .limit(1)
        .execute();
      // Indexed under another account.
      await handle.db
        .insertInto('ledger_entries_by_account')
        .values({ account_id: BigInt(entry!.account_id) + 1000n, entry_id: BigInt(entry!.id) })
        .execute();
      const report = await checkLedger(handle.db);
      expect(report.problems.map((p) => p.kind)).toEqual(['projection-mismatch']);
      await handle.db
        .deleteFrom('ledger_entries_by_account')
        .where('account_id', '=', BigInt(entry!.account_id) + 1000n)
        .execute();
      expect((await checkLedger(handle.db)).problems).toEqual([]);
    },
  );
});

describe('the journal migration', () => {
  it('keeps every entry of a ledger written in the old layout, and indexes it', async () => {
    const fresh = await freshDatabase();
    const old = openDatabase({ databaseUrl: fresh.url, dataDir: fresh.dataDir });
    try {
      await migrateTo(old, '0019-cluster-leases');
      await sql`INSERT INTO ledger_accounts (id, owner, owner_id, book, wallet, currency, balance, can_be_negative, created_at)
        VALUES (1, 'system', 0, 'real', 'treasury', 'USDT', -8, 1, 0),
               (2, 'user', 7, 'real', 'coin', 'USDT', 8, 0, 0)`.execute(old.db);
      await sql`INSERT INTO ledger_transactions (id, type, reference, created_at)
        VALUES (1, 'adjustment', 'a', 0), (2, 'adjustment', 'b', 0)`.execute(old.db);
      await sql`INSERT INTO ledger_entries (id, account_id, transaction_id, amount, balance_after, created_at)
        VALUES (1, 1, 1, -5, -5, 0), (2, 2, 1, 5, 5, 0), (3, 1, 2, -3, -8, 0), (4, 2, 2, 3, 8, 0)`.execute(
        old.db,
      );
      if (old.dialect === 'postgres') {
        // Rows written with their ids: the sequences go on after them, as they would have.
        for (const table of ['ledger_accounts', 'ledger_transactions', 'ledger_entries']) {
          await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT MAX(id) FROM ${sql.table(table)}))`.execute(
            old.db,
          );
        }
      }
      expect(await migrateToLatest(old)).toContain('0020-ledger-journal');
      const entries = await old.db
        .selectFrom('ledger_entries')
        .select(['id', 'account_id', 'amount', 'balance_after'])
        .orderBy('id')
        .execute();
      expect(
        entries.map((e) => [e.id, e.account_id, e.amount, e.balance_after].map(BigInt)),
      ).toEqual([
        [1n, 1n, -5n, -5n],
        [2n, 2n, 5n, 5n],
        [3n, 1n, -3n, -8n],
        [4n, 2n, 3n, 8n],
      ]);
      if (old.dialect === 'sqlite') {
        const mark = await old.db
          .selectFrom('ledger_projection')
          .select('entries_up_to')
          .executeTakeFirstOrThrow();
        expect(BigInt(mark.entries_up_to)).toBe(4n);
      }
      await expect(
        old.db.updateTable('ledger_entries').set({ amount: 0n }).execute(),
      ).rejects.toThrow(/immutable/);
      expect((await checkLedger(old.db)).problems).toEqual([]);
      // And the ledger posts on after it.
      const after = new Ledger(old, systemClock);
      await new GroupCommitter(old).run((trx) => after.post(trx, funding(7, 2n)));
      const page = await userEntries(old.db, {
        userId: 7,
        book: 'real',
        wallets: ['coin'],
        types: null,
        offset: 0,
        limit: 10,
      });
      expect(page.rows.map((r) => BigInt(r.balance_after))).toEqual([10n, 8n, 5n]);
      expect((await checkLedger(old.db)).problems).toEqual([]);
    } finally {
      await old.close();
      await fresh.drop();
    }
  });
});
