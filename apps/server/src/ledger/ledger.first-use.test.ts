import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Trx } from '../db/database';
import { GroupCommitter } from '../db/group-commit';
import { DomainError } from '../http/domain-error';
import { systemClock } from '../lib/clock';
import { migratedDatabase } from '../test/database';
import { systemAccount, userAccount, type UserWallet } from './accounts';
import { checkLedger } from './check';
import { Ledger, type PostSpec } from './ledger';

// A trader's first transfers into a wallet they have never used open that wallet's ledger account.
// On PostgreSQL, when several of them run at once, the first opens the account and the others
// must wait for its commit, never deadlock with it: a deadlock holds every transfer of that trader
// until PostgreSQL's detector breaks it (deadlock_timeout, a second or more), and the retry could
// deadlock again (issue 18: one trader got no answer for a whole burst).

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
const DEADLOCK = '40P01';
let nextUser = 1;

function fund(userId: number, amount: bigint) {
  return writer.run((trx) =>
    ledger.post(trx, {
      type: 'adjustment',
      reference: `test:${userId}`,
      postings: [
        { account: systemAccount('demo', 'treasury', USDT), amount: -amount },
        { account: userAccount(userId, 'demo', 'coin', USDT), amount },
      ],
    }),
  );
}

const transfer = (userId: number, from: UserWallet, to: UserWallet, ref: string): PostSpec => ({
  type: 'transfer',
  reference: `transfer:${ref}`,
  postings: [
    { account: userAccount(userId, 'demo', from, USDT), amount: -1n },
    { account: userAccount(userId, 'demo', to, USDT), amount: 1n },
  ],
});

async function balance(userId: number, wallet: UserWallet): Promise<bigint> {
  const row = await handle.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('owner', '=', 'user')
    .where('owner_id', '=', BigInt(userId))
    .where('book', '=', 'demo')
    .where('wallet', '=', wallet)
    .where('currency', '=', USDT)
    .executeTakeFirst();
  return row ? BigInt(row.balance) : 0n;
}

/** Runs `work` as one unit of the group committer, noting every attempt and the error codes seen. */
function unit<T>(
  seen: { attempts: number; errors: string[] },
  work: (trx: Trx) => Promise<T>,
): Promise<T> {
  return writer.run(async (trx) => {
    seen.attempts += 1;
    try {
      return await work(trx);
    } catch (error) {
      seen.errors.push(String((error as { code?: unknown }).code ?? (error as Error).message));
      throw error;
    }
  });
}

describe('first use of a new account by many transfers at once', () => {
  it('lands every transfer of a burst of eight lanes per trader into wallets not used yet, without a deadlock', async () => {
    const traders = [nextUser++, nextUser++, nextUser++];
    for (const userId of traders) await fund(userId, 1_000n);
    const seen = { attempts: 0, errors: [] as string[] };
    let landed = 0;
    let refused = 0;
    // Eight lanes a trader, back and forth between the coin and the (new) contract wallet: a lane
    // that starts from the contract wallet before anything reached it is refused.
    const lane = async (userId: number, n: number) => {
      for (let round = 0; round < 6; round++) {
        const [from, to]: [UserWallet, UserWallet] =
          (round + n) % 2 === 0 ? ['coin', 'contract'] : ['contract', 'coin'];
        try {
          await unit(seen, (trx) =>
            ledger.post(trx, transfer(userId, from, to, `${userId}.${n}.${round}`)),
          );
          landed += 1;
        } catch (error) {
          if (!(error instanceof DomainError && error.key === 'insufficientBalance')) throw error;
          refused += 1;
        }
      }
    };
    await Promise.all(
      traders.flatMap((userId) => Array.from({ length: 8 }, (_, n) => lane(userId, n))),
    );

    expect(seen.errors.filter((code) => code === DEADLOCK)).toEqual([]);
    expect(landed + refused).toBe(traders.length * 8 * 6);
    // Every lane's three transfers out of the coin wallet land.
    expect(landed).toBeGreaterThanOrEqual(traders.length * 8 * 3);
    for (const userId of traders) {
      expect((await balance(userId, 'coin')) + (await balance(userId, 'contract'))).toBe(1_000n);
    }
    expect((await checkLedger(handle.db)).problems).toEqual([]);
  }, 60_000);
});

const pg = Boolean(process.env.DATABASE_URL);
if (!pg)
  console.warn(
    'ledger.first-use.test.ts: DATABASE_URL is not set, the PostgreSQL interleaving of two openers is not tested',
  );

describe.skipIf(!pg)('first use of a new account on PostgreSQL', () => {
  /** Waits until a transaction on this database waits for a lock held by another. */
  async function someoneWaits(ms: number): Promise<void> {
    const start = performance.now();
    while (performance.now() - start < ms) {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(handle.db);
      if (rows[0]!.waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no transaction waited on a lock within ${ms} ms`);
  }

  it('a transfer that reaches the account while its opener has not committed waits for the commit; neither deadlocks nor runs twice', async () => {
    const userId = nextUser++;
    await fund(userId, 100n);
    const contract = userAccount(userId, 'demo', 'contract', USDT);
    const first = { attempts: 0, errors: [] as string[] };
    const second = { attempts: 0, errors: [] as string[] };

    // The first transfer has opened the contract wallet's account (as post does first, before it
    // locks the rows) when a second transfer of the same trader reaches the same account.
    let opened!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const firstDone = unit(first, async (trx) => {
      await ledger.accountId(trx, contract);
      if (first.attempts === 1) {
        opened();
        // The second waits on this transaction's uncommitted account, holding nothing it needs.
        await someoneWaits(5_000);
      }
      return ledger.post(trx, transfer(userId, 'coin', 'contract', `${userId}.first`));
    });
    await isOpen;
    const secondDone = unit(second, (trx) =>
      ledger.post(trx, transfer(userId, 'coin', 'contract', `${userId}.second`)),
    );
    await Promise.all([firstDone, secondDone]);

    expect({ first, second }).toEqual({
      first: { attempts: 1, errors: [] },
      second: { attempts: 1, errors: [] },
    });
    expect(await balance(userId, 'coin')).toBe(98n);
    expect(await balance(userId, 'contract')).toBe(2n);
    expect((await checkLedger(handle.db)).problems).toEqual([]);
  });
});
