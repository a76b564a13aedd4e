import { assetsCalls, teamCalls as c, teamConsoleCalls as cc, userCalls } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import { consoleCall, consoleLogin, initialAdmin } from '../console/console.test-support';
import { expectOkData, fund } from '../money/custody.test-kit';
import { grantWithin, releaseDue } from './team.service';
import { join, LA, toNextWindow, type Member } from './team.test-kit';

/**
 * The rebate budget is never over-committed: a rebate is granted only up to the budget's headroom
 * (its balance less every pending rebate) when it is recorded; the friend's deposit is credited in
 * full whatever the rebate; the part not granted is recorded beside the rebate, shown to the
 * trader and counted in the console. A rebate promised before this rule that the budget cannot pay
 * at its release time says it waits for the operator to fund the budget. SQLite and (with
 * DATABASE_URL) PostgreSQL.
 */

let server: TestServer;
let a: Member;
let b: Member;

beforeAll(async () => {
  // 100 USDT of budget: a 5,000 USDT deposit's 3 % (150) does not fit.
  server = await startServer({ rateLimits: ROOMY_LIMITS, env: { TEAM_BUDGET_FUNDING: '100' } });
  a = await join(server);
  b = await join(server, a.inviteCode);
});
afterAll(() => server.close());

const operator = async <C extends Parameters<typeof consoleCall>[1]>(
  call: C,
  input: Parameters<typeof consoleCall<C>>[2],
) => consoleCall(server, call, input, { token: await consoleLogin(server, initialAdmin(server)) });

const records = async (m: Member) =>
  expectOkData(await server.call(c.subReceivePage, { page: 1, pageSize: 50 }, { token: m.token }))
    .list;

const usdtBudget = async () =>
  expectOkData(await operator(cc.teamBudget, {})).rows.find((r) => r.currency === 'USDT')!;

describe('granting within the headroom', () => {
  it('grants in full, in part or not at all', () => {
    expect(grantWithin(30n, 100n)).toEqual({ granted: 30n, uncovered: 0n });
    expect(grantWithin(150n, 100n)).toEqual({ granted: 100n, uncovered: 50n });
    expect(grantWithin(150n, 0n)).toEqual({ granted: 0n, uncovered: 150n });
    expect(grantWithin(150n, -50n)).toEqual({ granted: 0n, uncovered: 150n });
  });

  it('credits a large deposit in full and grants its rebate only up to the headroom', async () => {
    await fund(server, b.token, '5000');
    await server.call(userCalls.switchUser, { mode: 'real' }, { token: b.token });
    const money = expectOkData(
      await server.call(assetsCalls.findUserMoney, {}, { token: b.token }),
    );
    expect(money.wallets.coin.find((w) => w.currency === 'USDT')?.available).toBe('5000.00000000');
    expect(await records(a)).toMatchObject([
      {
        orderTotal: '5000.00000000',
        rebate: '100.00000000',
        uncovered: '50.00000000',
        state: 'pending',
        waitingForBudget: false,
      },
    ]);
    expect(await usdtBudget()).toMatchObject({
      balance: '100.00000000',
      pending: '100.00000000',
      headroom: '0.00000000',
      uncovered: '50.00000000',
      uncoveredCount: 1,
    });
  });

  it('records a rebate the budget has no headroom for as not granted', async () => {
    await fund(server, b.token, '100');
    const [latest] = await records(a);
    expect(latest).toMatchObject({
      orderTotal: '100.00000000',
      rebate: '0.00000000',
      uncovered: '3.00000000',
      state: 'uncovered',
    });
    const person = expectOkData(
      await server.call(c.personAndProfit, { currency: 'USDT' }, { token: a.token }),
    );
    expect(person).toMatchObject({ pending: '100.00000000', released: '0.00000000' });
    const ledger = expectOkData(await operator(cc.teamRebates, { page: 1, pageSize: 10 }));
    expect(ledger.list[0]).toMatchObject({ state: 'uncovered', uncovered: '3.00000000' });
    expect(await usdtBudget()).toMatchObject({ uncovered: '53.00000000', uncoveredCount: 2 });
  });

  it('grants in full again once the operator funds the budget, and never releases the uncovered', async () => {
    await operator(cc.fundTeamBudget, { currency: 'USDT', amount: '1000' });
    await fund(server, b.token, '100');
    expect((await records(a))[0]).toMatchObject({
      rebate: '3.00000000',
      uncovered: '0.00000000',
      state: 'pending',
    });
    toNextWindow(server);
    expect(await releaseDue(server.app)).toBe(2);
    const states = (await records(a)).map((r) => [r.state, r.rebate]);
    expect(states).toEqual([
      ['released', '3.00000000'],
      ['uncovered', '0.00000000'],
      ['released', '100.00000000'],
    ]);
    expect(await usdtBudget()).toMatchObject({ balance: '997.00000000', pending: '0.00000000' });
  });
});

describe('a rebate promised beyond the budget before the rule', () => {
  it('says it waits for the operator to fund the budget once its release time has passed', async () => {
    const now = server.clock.now();
    await server.app.db
      .insertInto('team_rebates')
      .values({
        user_id: BigInt(a.userId),
        friend_id: BigInt(b.userId),
        level: 1n,
        source: 'deposit',
        source_ref: 'deposit:legacy-1',
        currency: 'USDT',
        base: 500_000n * 100_000_000n,
        rate: 3_000_000n,
        amount: 15_000n * 100_000_000n,
        state: 'pending',
        source_day: '2026-01-01',
        due_from: BigInt(now - 3_600_000),
        due_to: BigInt(now + 3_600_000),
        window_start: LA.windowStart,
        window_end: LA.windowEnd,
        time_zone: LA.timeZone,
        created_at: BigInt(now - 86_400_000),
        released_at: null,
        ledger_transaction_id: null,
      })
      .execute();
    expect(await releaseDue(server.app)).toBe(0);
    const legacy = (await records(a)).find((r) => r.rebate === '15000.00000000')!;
    expect(legacy).toMatchObject({ state: 'pending', waitingForBudget: true });
    const budget = await usdtBudget();
    expect(budget.waiting).toBe(1);
    expect(budget.headroom).toBe('-14003.00000000');
    const ledger = expectOkData(await operator(cc.teamRebates, { page: 1, pageSize: 10 }));
    expect(ledger.list.find((r) => r.sourceRef === 'deposit:legacy-1')?.waitingForBudget).toBe(
      true,
    );
  });
});
