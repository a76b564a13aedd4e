import {
  assetsCalls,
  formatMoney,
  localDay,
  optionsCalls,
  parseMoney,
  teamCalls as c,
  teamConsoleCalls as cc,
  userCalls,
  walletCalls,
  windowOn,
  addDays,
  type OptionOrder,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import { consoleCall, consoleLogin, initialAdmin } from '../console/console.test-support';
import {
  expectOkData,
  expectRefused,
  fund,
  multipartCall,
  setConfig,
  setPayPassword,
  verifyPrimary as verifyForWithdrawal,
} from '../money/custody.test-kit';
import { periodId, scriptedFeedEnv, verifyPrimary, waitFor } from '../options/options.test-kit';
import { closeTradingDays, releaseDue } from './team.service';
import {
  advanceTo,
  join,
  LA,
  toNextWindow,
  toOrdinaryDay,
  toTransferDay,
  type Member,
} from './team.test-kit';

/**
 * The team on the API, SQLite and (with DATABASE_URL) PostgreSQL: A invites B, B invites C. B's
 * deposit and B's profitable day of real-book options earn A its rebates, C's deposit earns B
 * level 1 and A level 2; all pending until the window of the next day, released once, from the
 * budget; moved out only on the 25th. A budget too small for a rebate: team.budget.test.ts.
 */

let server: TestServer;
let a: Member;
let b: Member;
let cMember: Member;
let fast: number;
let profit = 0n;

beforeAll(async () => {
  server = await startServer({
    rateLimits: ROOMY_LIMITS,
    // Enough budget for every rebate of the story (a short one: team.budget.test.ts).
    env: scriptedFeedEnv({ TEAM_BUDGET_FUNDING: '1000', TOKEN_TTL_DAYS: '365' }),
  });
  fast = await periodId(server, 'BTC/USDT', 2);
  a = await join(server);
  b = await join(server, a.inviteCode);
  cMember = await join(server, b.inviteCode);
});
afterAll(() => server.close());

/** As the operator, logged in afresh (the test clock moves days, past a console session). */
const operator = async <C extends Parameters<typeof consoleCall>[1]>(
  call: C,
  input: Parameters<typeof consoleCall<C>>[2],
) => consoleCall(server, call, input, { token: await consoleLogin(server, initialAdmin(server)) });

const person = async (m: Member, currency = 'USDT') =>
  expectOkData(await server.call(c.personAndProfit, { currency }, { token: m.token }));
const records = async (m: Member) =>
  expectOkData(await server.call(c.subReceivePage, { page: 1, pageSize: 50 }, { token: m.token }));

describe('invitations', () => {
  it('links a friend for good: direct friends and subordinate agents are counted', async () => {
    const mine = await person(a);
    expect(mine).toMatchObject({ directCount: 1, agentCount: 1, inviteCode: a.inviteCode });
    expect(mine.inviteLink).toBe(`/#/pages/login/register?inviteCode=${a.inviteCode}`);
    expect(await person(b)).toMatchObject({ directCount: 1, agentCount: 0 });
    const friends = expectOkData(
      await server.call(c.subP1User, { page: 1, pageSize: 10 }, { token: a.token }),
    );
    expect(friends.total).toBe(1);
    expect(friends.list[0]).toMatchObject({ id: b.userId });
    expect(friends.list[0]!.account).toMatch(/^te\*\*\*@example\.com$/);
    // The profile has no field that could change the inviter.
    const row = await server.app.db
      .selectFrom('users')
      .select('inviter_id')
      .where('id', '=', BigInt(b.userId))
      .executeTakeFirstOrThrow();
    expect(Number(row.inviter_id)).toBe(a.userId);
  });

  it('refuses a code that does not exist', async () => {
    await expect(join(server, 'NOSUCH99')).rejects.toThrow('The invitation code does not exist');
  });
});

describe('rebates', () => {
  it('records 3 % of a friend’s credited deposit as pending, and level 2 at its own rate', async () => {
    // Level 2 pays 1 % of deposits from here on (the default is 0).
    const set = await operator(cc.setTeamTerms, { depositRate2: '0.01' });
    expect(expectOkData(set)).toMatchObject({
      depositRate2: '0.01000000',
      depositRate: '0.03000000',
    });
    await fund(server, b.token, '1000');
    await fund(server, cMember.token, '200');
    const mine = await records(a);
    expect(
      mine.list.map((r) => [r.level, r.source, r.orderTotal, r.rebate, r.state]).sort(),
    ).toEqual([
      [1, 'deposit', '1000.00000000', '30.00000000', 'pending'],
      [2, 'deposit', '200.00000000', '2.00000000', 'pending'],
    ]);
    expect(mine.list.every((r) => /\*\*\*@example\.com$/.test(r.friend))).toBe(true);
    const bs = await records(b);
    expect(bs.list.map((r) => [r.level, r.rebate])).toEqual([[1, '6.00000000']]);
    expect(await person(a)).toMatchObject({ pending: '32.00000000', released: '0.00000000' });
    const total = expectOkData(
      await server.call(c.receiveRechargeAmount, { currency: 'USDT' }, { token: a.token }),
    );
    expect(total).toEqual({ total: '32.00000000', currency: 'USDT' });
  });

  it('counts a friend’s real-book option results by day; the demo book counts nothing', async () => {
    // Demo first: a winning trade that must not count.
    await server.call(
      assetsCalls.transferUserMoney,
      { from: 'coin', to: 'contract', currency: 'USDT', amount: '100' },
      { token: b.token },
    );
    const demo = expectOkData(
      await server.call(
        optionsCalls.insertCurrencyOrder,
        { symbol: 'BTC/USDT', direction: 'long', amount: '50', periodId: fast },
        { token: b.token },
      ),
    );
    expect((await waitFor(server, b.token, demo.id)).outcome).toBe('win');

    await server.call(userCalls.switchUser, { mode: 'real' }, { token: b.token });
    await verifyPrimary(server, b.token, 'SG');
    expectOkData(
      await server.call(
        assetsCalls.transferUserMoney,
        { from: 'coin', to: 'contract', currency: 'USDT', amount: '500' },
        { token: b.token },
      ),
    );
    const placed: OptionOrder[] = [];
    for (const [direction, amount] of [
      ['long', '100'],
      ['short', '20'],
    ] as const) {
      placed.push(
        expectOkData(
          await server.call(
            optionsCalls.insertCurrencyOrder,
            { symbol: 'BTC/USDT', direction, amount, periodId: fast },
            { token: b.token },
          ),
        ),
      );
    }
    for (const order of placed) {
      const done = await waitFor(server, b.token, order.id);
      profit += parseMoney(done.payout!) - parseMoney(done.amount);
    }
    expect(profit).toBeGreaterThan(0n);
    const results = await server.app.db
      .selectFrom('team_trading_results')
      .selectAll()
      .where('user_id', '=', BigInt(b.userId))
      .execute();
    expect(results.map((r) => r.ref).sort()).toEqual(placed.map((o) => `option:${o.id}`).sort());
    // The day is not over: no profit rebate yet.
    await closeTradingDays(server.app);
    expect((await records(a)).list.filter((r) => r.source === 'profit')).toEqual([]);
  });

  it('closes the day at midnight (pending), releases nothing before the window', async () => {
    const tomorrow = addDays(localDay(server.clock.now(), LA.timeZone));
    advanceTo(server, windowOn(tomorrow, LA).from - 30 * 60_000);
    await closeTradingDays(server.app);
    expect(await releaseDue(server.app)).toBe(0);
    const profitRebates = (await records(a)).list.filter((r) => r.source === 'profit');
    expect(profitRebates).toHaveLength(1);
    const expected = (profit * 6_500_000n + 99_999_999n) / 100_000_000n;
    expect(profitRebates[0]).toMatchObject({
      level: 1,
      orderTotal: formatMoney(profit),
      rate: '0.06500000',
      rebate: formatMoney(expected),
      state: 'pending',
      dueAt: windowOn(tomorrow, LA).from,
    });
  });

  it('releases each due rebate in its window, exactly once', async () => {
    toNextWindow(server, 0);
    advanceTo(server, server.clock.now() + 60 * 60_000);
    const funded = await operator(cc.fundTeamBudget, { currency: 'USDT', amount: '1000' });
    expect(expectOkData(funded).rows.find((r) => r.currency === 'USDT')!.balance).toBe(
      '2000.00000000',
    );
    const released = await releaseDue(server.app);
    expect(released).toBeGreaterThanOrEqual(0);
    await releaseDue(server.app);
    const expectedProfit = (profit * 6_500_000n + 99_999_999n) / 100_000_000n;
    const mine = await person(a);
    expect(mine).toMatchObject({
      pending: '0.00000000',
      released: formatMoney(parseMoney('32') + expectedProfit),
    });
    expect(await person(b)).toMatchObject({ released: '6.00000000', pending: '0.00000000' });
    const releases = await server.app.db
      .selectFrom('ledger_transactions')
      .select('reference')
      .where('reference', 'like', 'rebate:%')
      .execute();
    const rebates = await server.app.db.selectFrom('team_rebates').select('id').execute();
    expect(releases).toHaveLength(rebates.length);
    expect(new Set(releases.map((r) => r.reference)).size).toBe(rebates.length);
    const recent = expectOkData(await server.call(c.randomAmount, {}));
    expect(recent.list.length).toBe(rebates.length);
    expect(recent.list.every((r) => r.account.includes('***'))).toBe(true);
    // The audit log has the terms change and the funding.
    const actions = await server.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'team.%')
      .execute();
    expect(actions.map((x) => x.action).sort()).toEqual(['team.budgetFund', 'team.terms']);
  });

  it('shows each trader only their own records', async () => {
    const theirs = await records(cMember);
    expect(theirs.total).toBe(0);
    expect(await person(cMember)).toMatchObject({ released: '0.00000000', directCount: 0 });
    const bs = await records(b);
    expect(bs.list.every((r) => r.friend.startsWith('te'))).toBe(true);
    expect(bs.total).toBe(1);
  });
});

describe('moving earnings out', () => {
  const withdrawKey = { 'Idempotency-Key': `team-withdraw-${process.pid}-1` };
  let firstWithdrawal: unknown;

  it('refuses a transfer on any day but the 25th, and says when', async () => {
    toOrdinaryDay(server);
    expectRefused(
      await server.call(c.moneyTransfer, { amount: '10', currency: 'USDT' }, { token: a.token }),
      'rebateOnly25th',
      'Rebate earnings can be transferred or withdrawn only on the 25th of each month',
    );
    const mine = await person(a);
    expect(mine.transferOpen).toBe(false);
    expect(new Date(mine.nextTransferAt).getUTCDate()).toBe(25);
  });

  it('moves released earnings to the real coin wallet on the 25th, once per key', async () => {
    toTransferDay(server);
    await server.call(userCalls.switchUser, { mode: 'real' }, { token: a.token });
    const headers = { 'Idempotency-Key': `team-transfer-${process.pid}-1` };
    const first = expectOkData(
      await server.call(
        c.moneyTransfer,
        { amount: '10', currency: 'USDT' },
        { token: a.token, headers },
      ),
    );
    expect(first).toMatchObject({ transferred: '10.00000000', transferOpen: true });
    await server.call(
      c.moneyTransfer,
      { amount: '10', currency: 'USDT' },
      { token: a.token, headers },
    );
    const money = expectOkData(
      await server.call(assetsCalls.findUserMoney, {}, { token: a.token }),
    );
    expect(money.mode).toBe('real');
    expect(money.wallets.coin.find((w) => w.currency === 'USDT')?.available).toBe('10.00000000');
    expect(await person(a)).toMatchObject({ transferred: '10.00000000' });
    expectRefused(
      await server.call(
        c.moneyTransfer,
        { amount: '100000', currency: 'USDT' },
        { token: a.token },
      ),
      'teamEarningsInsufficient',
    );
    // B's earnings are B's: A cannot move more than A's own.
    expect(await person(b)).toMatchObject({ transferred: '0.00000000', available: '6.00000000' });
  });

  it('withdraws earnings through the normal withdrawal on the 25th: amount and fee from the earnings, held for review', async () => {
    await verifyForWithdrawal(server, a.token);
    await setPayPassword(server, a.token);
    // No spot volume of A's own: the operator's threshold is set to none for this trader's test.
    await setConfig(server, 'withdrawVolumeThreshold', '0');
    const wallet = expectOkData(
      await multipartCall(
        server,
        walletCalls.userBindingWallet,
        { chain: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
        { token: a.token },
      ),
    );
    const before = await person(a);
    expectRefused(
      await server.call(
        c.withdrawCurrency,
        { walletId: wallet.id, amount: '12', payPassword: '000000' },
        { token: a.token },
      ),
      'payPasswordWrong',
    );
    const record = expectOkData(
      await server.call(
        c.withdrawCurrency,
        { walletId: wallet.id, amount: '12', payPassword: '246810' },
        { token: a.token, headers: withdrawKey },
      ),
    );
    firstWithdrawal = record;
    expect(record).toMatchObject({
      status: 'application',
      amount: '12.00000000',
      currency: 'USDT',
    });
    const after = await person(a);
    expect(parseMoney(after.withdrawn)).toBe(parseMoney(record.total));
    expect(parseMoney(before.available) - parseMoney(after.available)).toBe(
      parseMoney(record.total),
    );
    // The hold sits in A's real coin wallet, as any withdrawal's does, for the review.
    const money = expectOkData(
      await server.call(assetsCalls.findUserMoney, {}, { token: a.token }),
    );
    expect(money.wallets.coin.find((w) => w.currency === 'USDT')?.frozen).toBe(record.total);
  });

  it('refuses a withdrawal of earnings on any other day, before any other check', async () => {
    toOrdinaryDay(server);
    const wallets = await server.app.db.selectFrom('user_wallets').select('id').execute();
    const before = await person(a);
    expectRefused(
      await server.call(
        c.withdrawCurrency,
        { walletId: Number(wallets[0]!.id), amount: '1', payPassword: '246810' },
        { token: a.token },
      ),
      'rebateOnly25th',
    );
    expect(await person(a)).toEqual({ ...before, serverTime: expect.any(Number) });
  });

  it('answers a keyed retry of the 25th’s withdrawal with its first result on another day, moving nothing', async () => {
    toOrdinaryDay(server);
    const before = await person(a);
    const withdrawals = await server.app.db.selectFrom('withdrawals').select('id').execute();
    const wallets = await server.app.db.selectFrom('user_wallets').select('id').execute();
    const retry = expectOkData(
      await server.call(
        c.withdrawCurrency,
        { walletId: Number(wallets[0]!.id), amount: '12', payPassword: '246810' },
        { token: a.token, headers: withdrawKey },
      ),
    );
    expect(retry).toEqual(firstWithdrawal);
    expect(await person(a)).toEqual({ ...before, serverTime: expect.any(Number) });
    expect(await server.app.db.selectFrom('withdrawals').select('id').execute()).toHaveLength(
      withdrawals.length,
    );
  });
});

describe('console', () => {
  it('refuses terms out of range and shows a trader’s team two levels deep', async () => {
    expectRefused(await operator(cc.setTeamTerms, { depositRate: '1.5' }), 'teamTermsInvalid');
    expectRefused(
      await operator(cc.setTeamTerms, { windowStart: '18:00', windowEnd: '09:00' }),
      'teamTermsInvalid',
    );
    const tree = expectOkData(await operator(cc.teamTree, { user: String(a.userId) }));
    expect(tree.friends.map((f) => f.id)).toEqual([b.userId]);
    expect(tree.friends[0]!.agents.map((x) => x.id)).toEqual([cMember.userId]);
    const byEmail = expectOkData(await operator(cc.teamTree, { user: b.email }));
    expect(byEmail.user).toMatchObject({ id: b.userId, inviterId: a.userId });
  });
});
