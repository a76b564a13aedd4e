import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type Trx } from '../db/database';
import { GroupCommitter } from '../db/group-commit';
import { DomainError } from '../http/domain-error';
import { systemClock } from '../lib/clock';
import { migratedDatabase } from '../test/database';
import { holdOf, systemAccount, userAccount, type AccountKey, type UserWallet } from './accounts';
import { checkLedger } from './check';
import { Ledger, LedgerError, type PostSpec } from './ledger';

let handle: DatabaseHandle;
let close: () => Promise<void>;
let ledger: Ledger;
let writer: GroupCommitter;

beforeAll(async () => {
  ({ handle, close } = await migratedDatabase());
  ledger = new Ledger(handle, systemClock);
  writer = new GroupCommitter(handle);
});
afterAll(() => close());

const USDT = 'USDT';
const post = (spec: PostSpec) => writer.run((trx) => ledger.post(trx, spec));

async function balance(key: AccountKey): Promise<bigint> {
  const row = await handle.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('owner', '=', key.owner)
    .where('owner_id', '=', key.owner === 'user' ? BigInt(key.userId) : 0n)
    .where('book', '=', key.book)
    .where('wallet', '=', key.wallet)
    .where('currency', '=', key.currency)
    .executeTakeFirst();
  return row ? BigInt(row.balance) : 0n;
}

let nextUser = 1_000;
function fund(userId: number, amount: bigint, wallet: UserWallet = 'coin', currency = USDT) {
  return post({
    type: 'adjustment',
    reference: `test:${userId}`,
    postings: [
      { account: systemAccount('real', 'treasury', currency), amount: -amount },
      { account: userAccount(userId, 'real', wallet, currency), amount },
    ],
  });
}

async function expectClean(): Promise<void> {
  const report = await checkLedger(handle.db);
  expect(report.problems).toEqual([]);
}

describe('post', () => {
  it('moves money between accounts and records the balance each entry left', async () => {
    const user = nextUser++;
    const posted = await fund(user, 500n);
    expect(posted.entries.map((e) => e.balanceAfter).sort()).toEqual([-500n, 500n].sort());
    expect(await balance(userAccount(user, 'real', 'coin', USDT))).toBe(500n);
    await expectClean();
  });

  it('refuses postings that do not balance, mix books, or move nothing', async () => {
    const user = userAccount(nextUser++, 'real', 'coin', USDT);
    const treasury = systemAccount('real', 'treasury', USDT);
    const bad: PostSpec[] = [
      {
        type: 'adjustment',
        reference: 'x',
        postings: [
          { account: treasury, amount: -1n },
          { account: user, amount: 2n },
        ],
      },
      { type: 'adjustment', reference: 'x', postings: [{ account: user, amount: 1n }] },
      {
        type: 'adjustment',
        reference: 'x',
        postings: [
          { account: treasury, amount: 0n },
          { account: user, amount: 0n },
        ],
      },
      {
        type: 'adjustment',
        reference: 'x',
        postings: [
          { account: systemAccount('demo', 'treasury', USDT), amount: -1n },
          { account: user, amount: 1n },
        ],
      },
      {
        type: 'adjustment',
        reference: 'x',
        postings: [
          { account: systemAccount('real', 'treasury', 'BTC'), amount: -1n },
          { account: user, amount: 1n },
        ],
      },
    ];
    for (const spec of bad) await expect(post(spec)).rejects.toBeInstanceOf(LedgerError);
    expect(await balance(user)).toBe(0n);
    await expectClean();
  });

  it('never takes a user balance below zero, and changes nothing when it refuses', async () => {
    const userId = nextUser++;
    await fund(userId, 100n);
    const spend = post({
      type: 'fee',
      reference: 'x',
      postings: [
        { account: userAccount(userId, 'real', 'coin', USDT), amount: -101n },
        { account: systemAccount('real', 'fees', USDT), amount: 101n },
      ],
    });
    await expect(spend).rejects.toMatchObject({ key: 'insufficientBalance' });
    expect(await balance(userAccount(userId, 'real', 'coin', USDT))).toBe(100n);
    await expectClean();
  });

  it('lets only a liquidation take the contract wallet negative', async () => {
    const userId = nextUser++;
    await fund(userId, 50n, 'contract');
    const loss = (allowNegative: boolean) =>
      post({
        type: 'contract',
        reference: 'liquidation:1',
        postings: [
          { account: userAccount(userId, 'real', 'contract', USDT), amount: -80n, allowNegative },
          { account: systemAccount('real', 'treasury', USDT), amount: 80n },
        ],
      });
    await expect(loss(false)).rejects.toMatchObject({ key: 'insufficientBalance' });
    await loss(true);
    expect(await balance(userAccount(userId, 'real', 'contract', USDT))).toBe(-30n);
    // The coin wallet may never go negative, whatever the posting says.
    await expect(
      post({
        type: 'adjustment',
        reference: 'x',
        postings: [
          { account: userAccount(userId, 'real', 'coin', USDT), amount: -1n, allowNegative: true },
          { account: systemAccount('real', 'treasury', USDT), amount: 1n },
        ],
      }),
    ).rejects.toMatchObject({ key: 'insufficientBalance' });
    await expectClean();
  });

  it('applies a retried post with the same idempotency key once, and refuses other content', async () => {
    const userId = nextUser++;
    const spec: PostSpec = {
      type: 'deposit',
      reference: 'deposit:7',
      idempotencyKey: `deposit:7:${userId}`,
      postings: [
        { account: systemAccount('real', 'deposits_in_transit', USDT), amount: -70n },
        { account: userAccount(userId, 'real', 'coin', USDT), amount: 70n },
      ],
    };
    const first = await post(spec);
    const again = await post(spec);
    expect(again.replayed).toBe(true);
    expect(again.transactionId).toBe(first.transactionId);
    expect(await balance(userAccount(userId, 'real', 'coin', USDT))).toBe(70n);
    await expect(
      post({ ...spec, postings: spec.postings.map((p) => ({ ...p, amount: p.amount * 2n })) }),
    ).rejects.toMatchObject({ key: 'idempotencyConflict' });
    await expectClean();
  });

  it('refuses to change or delete posted entries and transactions', async () => {
    await fund(nextUser++, 1n);
    await expect(
      handle.db.updateTable('ledger_entries').set({ amount: 0n }).execute(),
    ).rejects.toThrow(/immutable/);
    await expect(handle.db.deleteFrom('ledger_entries').execute()).rejects.toThrow(/immutable/);
    await expect(
      handle.db.updateTable('ledger_transactions').set({ reference: 'forged' }).execute(),
    ).rejects.toThrow(/immutable/);
    await expect(handle.db.deleteFrom('ledger_transactions').execute()).rejects.toThrow(
      /immutable/,
    );
  });

  it('notices a tampered balance', async () => {
    const userId = nextUser++;
    await fund(userId, 5n);
    const key = userAccount(userId, 'real', 'coin', USDT);
    const id = await writer.run((trx) => ledger.accountId(trx, key));
    await handle.db
      .updateTable('ledger_accounts')
      .set({ balance: 6n })
      .where('id', '=', BigInt(id))
      .execute();
    const report = await checkLedger(handle.db);
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => p.kind)).toContain('balance-mismatch');
    await handle.db
      .updateTable('ledger_accounts')
      .set({ balance: 5n })
      .where('id', '=', BigInt(id))
      .execute();
    await expectClean();
  });
});

describe('group commit', () => {
  it('answers each caller with its own outcome; one failure does not fail the others', async () => {
    const userId = nextUser++;
    await fund(userId, 10n);
    const spend = (amount: bigint) =>
      post({
        type: 'fee',
        reference: 'x',
        postings: [
          { account: userAccount(userId, 'real', 'coin', USDT), amount: -amount },
          { account: systemAccount('real', 'fees', USDT), amount },
        ],
      });
    const amounts = [4n, 20n, 5n, 2n];
    const outcomes = await Promise.allSettled(amounts.map(spend));
    for (const o of outcomes) {
      if (o.status === 'rejected') expect(o.reason).toMatchObject({ key: 'insufficientBalance' });
    }
    const spent = amounts.reduce(
      (sum, a, i) => (outcomes[i]!.status === 'fulfilled' ? sum + a : sum),
      0n,
    );
    expect(await balance(userAccount(userId, 'real', 'coin', USDT))).toBe(10n - spent);
    if (handle.dialect === 'sqlite') {
      // One batch, applied in arrival order: 4 fits, 20 does not, 5 fits, 2 no longer does.
      expect(outcomes.map((o) => o.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
        'rejected',
      ]);
    }
    await expectClean();
  });

  it('rolls back a failed unit completely, including accounts it opened', async () => {
    const userId = nextUser++;
    const key = userAccount(userId, 'real', 'cft', 'DOGE');
    await expect(
      writer.run(async (trx) => {
        await ledger.post(trx, {
          type: 'adjustment',
          reference: 'x',
          postings: [
            { account: systemAccount('real', 'treasury', 'DOGE'), amount: -9n },
            { account: key, amount: 9n },
          ],
        });
        throw new DomainError('invalidInput');
      }),
    ).rejects.toMatchObject({ key: 'invalidInput' });
    expect(await balance(key)).toBe(0n);
    // The account's cached id pointed at a rolled-back row: the next post opens it again.
    await writer.run((trx) =>
      ledger.post(trx, {
        type: 'adjustment',
        reference: 'y',
        postings: [
          { account: systemAccount('real', 'treasury', 'DOGE'), amount: -3n },
          { account: key, amount: 3n },
        ],
      }),
    );
    expect(await balance(key)).toBe(3n);
    await expectClean();
  });
});

describe('committed balances', () => {
  const fee = (userId: number, amount: bigint): PostSpec => ({
    type: 'fee',
    reference: 'x',
    postings: [
      { account: userAccount(userId, 'real', 'coin', USDT), amount: -amount },
      { account: systemAccount('real', 'fees', USDT), amount },
    ],
  });
  const spend = (ledgerOf: Ledger, writerOf: GroupCommitter, userId: number, amount: bigint) =>
    writerOf.run((trx) => ledgerOf.post(trx, fee(userId, amount)));

  it('sees a commit made by another connection, and never one that rolled back', async () => {
    const userId = nextUser++;
    await fund(userId, 100n);
    await spend(ledger, writer, userId, 1n);
    // A second connection to the same database (a CLI, another process) spends 30.
    const other =
      handle.dialect === 'sqlite'
        ? openDatabase({
            databaseUrl: undefined,
            dataDir: path.dirname(handle.location),
            sqliteFile: path.basename(handle.location),
          })
        : handle;
    try {
      await spend(new Ledger(other, systemClock), new GroupCommitter(other), userId, 30n);
    } finally {
      if (other !== handle) await other.close();
    }
    // Its transaction took the next ids: this ledger's next post takes the ones after.
    await spend(ledger, writer, userId, 9n);
    // 60 left: 61 must be refused here, whatever this ledger last saw committed (99, then 90).
    await expect(spend(ledger, writer, userId, 61n)).rejects.toMatchObject({
      key: 'insufficientBalance',
    });
    // A spend in a transaction that rolls back leaves the balance as it was committed.
    await expect(
      writer.run(async (trx) => {
        await ledger.post(trx, fee(userId, 60n));
        throw new DomainError('invalidInput');
      }),
    ).rejects.toMatchObject({ key: 'invalidInput' });
    await spend(ledger, writer, userId, 60n);
    expect(await balance(userAccount(userId, 'real', 'coin', USDT))).toBe(0n);
    await expectClean();
  });
});

describe('held rows (SQLite)', () => {
  // What the database file holds, read beside the driver (which would write held rows first).
  const stored = (userId: number) =>
    Number(
      handle
        .sqlite!.prepare(
          'SELECT count(*) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id ' +
            "WHERE a.owner = 'user' AND a.owner_id = ?",
        )
        .pluck()
        .get(userId),
    );

  // 5 USDT from the treasury to a user, posted (and so held) in the caller's transaction.
  const grant = (trx: Trx, userId: number) =>
    ledger.post(trx, {
      type: 'adjustment',
      reference: `held:${userId}`,
      postings: [
        { account: systemAccount('real', 'treasury', USDT), amount: -5n },
        { account: userAccount(userId, 'real', 'coin', USDT), amount: 5n },
      ],
    });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'stay held past statements apart from the ledger, are written before one that names it, and at COMMIT',
    async () => {
      const userId = nextUser++;
      const seen: number[] = [];
      await writer.run(async (trx) => {
        await grant(trx, userId);
        seen.push(stored(userId));
        // Neither reads nor writes the ledger's tables: the rows stay held.
        await trx.selectFrom('users').select('id').limit(1).execute();
        seen.push(stored(userId));
        // Names a ledger table: it sees them, so they are written first.
        const entries = await trx
          .selectFrom('ledger_entries')
          .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
          .select('ledger_entries.id')
          .where('ledger_accounts.owner_id', '=', BigInt(userId))
          .execute();
        seen.push(entries.length, stored(userId));
      });
      expect(seen).toEqual([0, 0, 1, 1]);

      // Held past every statement of the unit, then written by COMMIT.
      const other = nextUser++;
      await writer.run(async (trx) => {
        await grant(trx, other);
        await trx.selectFrom('users').select('id').limit(1).execute();
        expect(stored(other)).toBe(0);
      });
      expect(stored(other)).toBe(1);
      expect(await balance(userAccount(other, 'real', 'coin', USDT))).toBe(5n);

      // A unit that fails after posting leaves nothing behind.
      const failed = nextUser++;
      await expect(
        writer.run(async (trx) => {
          await grant(trx, failed);
          await trx.selectFrom('users').select('id').limit(1).execute();
          throw new DomainError('invalidInput');
        }),
      ).rejects.toMatchObject({ key: 'invalidInput' });
      expect(stored(failed)).toBe(0);
      expect(await balance(userAccount(failed, 'real', 'coin', USDT))).toBe(0n);
      await expectClean();
    },
  );
});

describe('concurrency', () => {
  it('lets hundreds of concurrent spends of one balance succeed only as far as it goes', async () => {
    const userId = nextUser++;
    await fund(userId, 100n);
    const attempts = Array.from({ length: 300 }, () =>
      post({
        type: 'fee',
        reference: 'race',
        postings: [
          { account: userAccount(userId, 'real', 'coin', USDT), amount: -1n },
          { account: systemAccount('real', 'fees', USDT), amount: 1n },
        ],
      }),
    );
    const outcomes = await Promise.allSettled(attempts);
    const won = outcomes.filter((o) => o.status === 'fulfilled').length;
    const refused = outcomes.filter(
      (o) => o.status === 'rejected' && (o.reason as DomainError).key === 'insufficientBalance',
    ).length;
    expect(won).toBe(100);
    expect(refused).toBe(200);
    expect(await balance(userAccount(userId, 'real', 'coin', USDT))).toBe(0n);
    await expectClean();
  });

  it('applies one of many concurrent posts carrying the same idempotency key', async () => {
    const userId = nextUser++;
    const spec: PostSpec = {
      type: 'deposit',
      reference: 'deposit:race',
      idempotencyKey: `race:${userId}`,
      postings: [
        { account: systemAccount('real', 'deposits_in_transit', USDT), amount: -10n },
        { account: userAccount(userId, 'real', 'coin', USDT), amount: 10n },
      ],
    };
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => post(spec)));
    const posted = outcomes.filter((o) => o.status === 'fulfilled');
    // On PostgreSQL a racer may lose on the unique key instead of seeing the winner: never twice.
    expect(posted.length).toBeGreaterThanOrEqual(1);
    expect(
      new Set(
        posted.map(
          (o) => (o as PromiseFulfilledResult<{ transactionId: number }>).value.transactionId,
        ),
      ).size,
    ).toBe(1);
    expect(await balance(userAccount(userId, 'real', 'coin', USDT))).toBe(10n);
    await expectClean();
  });
});

describe('properties', () => {
  const WALLETS: UserWallet[] = ['coin', 'contract', 'cft'];
  const CURRENCIES = ['USDT', 'BTC'];
  const op = fc.oneof(
    fc.record({
      kind: fc.constant('fund' as const),
      user: fc.nat(2),
      wallet: fc.constantFrom(...WALLETS),
      currency: fc.constantFrom(...CURRENCIES),
      amount: fc.bigInt({ min: 1n, max: 1_000n }),
    }),
    fc.record({
      kind: fc.constant('transfer' as const),
      user: fc.nat(2),
      from: fc.constantFrom(...WALLETS),
      to: fc.constantFrom(...WALLETS),
      currency: fc.constantFrom(...CURRENCIES),
      amount: fc.bigInt({ min: 1n, max: 1_500n }),
    }),
    fc.record({
      kind: fc.constant('hold' as const),
      user: fc.nat(2),
      wallet: fc.constantFrom(...WALLETS),
      currency: fc.constantFrom(...CURRENCIES),
      amount: fc.bigInt({ min: 1n, max: 800n }),
    }),
    fc.record({
      kind: fc.constant('release' as const),
      user: fc.nat(2),
      wallet: fc.constantFrom(...WALLETS),
      currency: fc.constantFrom(...CURRENCIES),
      amount: fc.bigInt({ min: 1n, max: 800n }),
    }),
    fc.record({
      kind: fc.constant('consume' as const),
      user: fc.nat(2),
      wallet: fc.constantFrom(...WALLETS),
      currency: fc.constantFrom(...CURRENCIES),
      amount: fc.bigInt({ min: 1n, max: 800n }),
    }),
  );

  it('keeps every invariant, and the balances a model predicts, through random operations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const base = nextUser;
        nextUser += 3;
        const model = new Map<string, bigint>();
        const get = (k: string) => model.get(k) ?? 0n;
        for (const o of ops) {
          const userId = base + o.user;
          const k = (wallet: string) => `${userId}/${wallet}/${o.currency}`;
          let spec: PostSpec;
          let debit: { key: string; amount: bigint } | null = null;
          const acct = (wallet: UserWallet | `${UserWallet}_hold`) =>
            userAccount(userId, 'real', wallet, o.currency);
          switch (o.kind) {
            case 'fund':
              spec = {
                type: 'adjustment',
                reference: 'p',
                postings: [
                  { account: systemAccount('real', 'treasury', o.currency), amount: -o.amount },
                  { account: acct(o.wallet), amount: o.amount },
                ],
              };
              model.set(k(o.wallet), get(k(o.wallet)) + o.amount);
              break;
            case 'transfer':
              if (o.from === o.to) continue;
              spec = {
                type: 'transfer',
                reference: 'p',
                postings: [
                  { account: acct(o.from), amount: -o.amount },
                  { account: acct(o.to), amount: o.amount },
                ],
              };
              debit = { key: k(o.from), amount: o.amount };
              break;
            case 'hold':
              spec = {
                type: 'spot',
                reference: 'p',
                postings: [
                  { account: acct(o.wallet), amount: -o.amount },
                  { account: acct(holdOf(o.wallet)), amount: o.amount },
                ],
              };
              debit = { key: k(o.wallet), amount: o.amount };
              break;
            case 'release':
              spec = {
                type: 'spot',
                reference: 'p',
                postings: [
                  { account: acct(holdOf(o.wallet)), amount: -o.amount },
                  { account: acct(o.wallet), amount: o.amount },
                ],
              };
              debit = { key: k(holdOf(o.wallet)), amount: o.amount };
              break;
            case 'consume':
              spec = {
                type: 'fee',
                reference: 'p',
                postings: [
                  { account: acct(holdOf(o.wallet)), amount: -o.amount },
                  { account: systemAccount('real', 'fees', o.currency), amount: o.amount },
                ],
              };
              debit = { key: k(holdOf(o.wallet)), amount: o.amount };
              break;
          }
          // The contract wallet is spent like any other here (no liquidation): never negative.
          const affordable = !debit || get(debit.key) >= debit.amount;
          const outcome = await post(spec).then(
            () => 'ok' as const,
            (e: unknown) => (e instanceof DomainError ? e.key : 'crash'),
          );
          expect(outcome).toBe(affordable ? 'ok' : 'insufficientBalance');
          if (affordable && debit) {
            model.set(debit.key, get(debit.key) - debit.amount);
            const credited = spec.postings.find((p) => p.amount > 0n)!.account;
            if (credited.owner === 'user') {
              const ck = `${userId}/${credited.wallet}/${o.currency}`;
              model.set(ck, get(ck) + debit.amount);
            }
          }
        }
        for (const [key, expected] of model) {
          const [user, wallet, currency] = key.split('/') as [string, UserWallet, string];
          expect(await balance(userAccount(Number(user), 'real', wallet, currency))).toBe(expected);
        }
        const report = await checkLedger(handle.db);
        expect(report.problems).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});
