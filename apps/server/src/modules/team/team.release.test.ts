import { teamCalls as c } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import { expectOkData } from '../money/custody.test-kit';
import { releaseDue } from './team.service';
import { join, LA, toNextWindow, type Member } from './team.test-kit';

/**
 * A release pass pages through every due rebate: more than a page of rebates waiting for a
 * currency the budget does not hold (BTC) never hides a USDT rebate after them. SQLite and (with
 * DATABASE_URL) PostgreSQL.
 */

let server: TestServer;
let a: Member;
let b: Member;

beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS });
  a = await join(server);
  b = await join(server, a.inviteCode);
});
afterAll(() => server.close());

const rebate = (ref: string, currency: string, amount: bigint, dueFrom: number) => ({
  user_id: BigInt(a.userId),
  friend_id: BigInt(b.userId),
  level: 1n,
  source: 'deposit',
  source_ref: ref,
  currency,
  base: amount * 100n,
  rate: 1_000_000n,
  amount,
  state: 'pending',
  source_day: '2026-01-01',
  due_from: BigInt(dueFrom),
  due_to: BigInt(dueFrom + 9 * 3_600_000),
  window_start: LA.windowStart,
  window_end: LA.windowEnd,
  time_zone: LA.timeZone,
  created_at: BigInt(dueFrom),
  released_at: null,
  ledger_transaction_id: null,
});

describe('release pass', () => {
  it('releases a covered rebate behind more than a page of uncovered ones', async () => {
    const due = server.clock.now();
    const waiting = Array.from({ length: 520 }, (_, i) =>
      rebate(`deposit:btc-${i}`, 'BTC', 1_000n, due),
    );
    for (let i = 0; i < waiting.length; i += 100)
      await server.app.db
        .insertInto('team_rebates')
        .values(waiting.slice(i, i + 100))
        .execute();
    await server.app.db
      .insertInto('team_rebates')
      .values(rebate('deposit:usdt-1', 'USDT', 500_000_000n, due))
      .execute();
    toNextWindow(server);
    expect(await releaseDue(server.app)).toBe(1);
    const mine = expectOkData(
      await server.call(c.personAndProfit, { currency: 'USDT' }, { token: a.token }),
    );
    expect(mine).toMatchObject({ released: '5.00000000', pending: '0.00000000' });
    const pending = await server.app.db
      .selectFrom('team_rebates')
      .select('currency')
      .where('state', '=', 'pending')
      .execute();
    expect(pending.length).toBe(520);
    expect(pending.every((r) => r.currency === 'BTC')).toBe(true);
  });
});
