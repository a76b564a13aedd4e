import { contentCalls, financialCalls as c } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import { buy, expectFinancialSound, productOf, saver, wallet } from './financial.test-kit';

const DAY = 86_400_000;
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS });
});
afterAll(async () => {
  await expectFinancialSound(server);
  await server.close();
});

/** Waits (real time) for the running job to bring the order to `daysPaid` (and status). */
async function until(token: string, orderId: number, daysPaid: number, status = 0) {
  const deadline = Date.now() + 8_000;
  for (;;) {
    const answer = await server.call(c.findUserMoneyOnly, { orderId }, { token });
    if (answer.data.daysPaid === daysPaid && answer.data.status === status) return answer.data;
    if (Date.now() > deadline)
      throw new Error(
        `order ${orderId}: ${answer.data.daysPaid} days, status ${answer.data.status}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a package through maturity on the clock, with a restart in between', () => {
  it('pays each day once at its run, catches up the days missed while down once, then returns the principal', async () => {
    const trader = await saver(server, '5000');
    const beginner = await productOf(server, 'beginner');
    const order = (await buy(server, trader, beginner.id, '5000')).data;
    expect(order.expectedProfit).toBe('7.00000000');

    // The first run passes: the running job pays day 1.
    server.clock.advance(order.nextDividendAt! - server.clock.now() + 1_000);
    const first = await until(trader.token, order.id, 1);
    expect(first.profitEarned).toBe('1.00000000');

    // Down across four runs: the new server's first pass pays days 2 to 5, each once.
    server = await server.restart(() => server.clock.advance(4 * DAY));
    const caught = await until(trader.token, order.id, 5);
    expect(caught.dividends.map((d) => d.day)).toEqual([1, 2, 3, 4, 5]);
    for (const d of caught.dividends.slice(1)) expect(d.paidAt - d.dueAt).toBeGreaterThan(0);

    // Another restart and several passes change nothing.
    server = await server.restart();
    await new Promise((r) => setTimeout(r, 1_200));
    expect(
      (await server.call(c.findUserMoneyOnly, { orderId: order.id }, { token: trader.token })).data
        .daysPaid,
    ).toBe(5);

    // Past the end of the term and its principal run (down again across it).
    server = await server.restart(() =>
      server.clock.advance(order.principalAt - server.clock.now() + 1_000),
    );
    const done = await until(trader.token, order.id, 7, 1);
    expect(done).toMatchObject({
      status: 1,
      profitEarned: '7.00000000',
      returnedPrincipal: '5000.00000000',
      remainingDays: 0,
      nextDividendAt: null,
    });
    expect(await wallet(server, trader.token)).toEqual({
      available: '5007.00000000',
      frozen: '0.00000000',
    });
    const transfers = await server.app.db
      .selectFrom('ledger_transactions')
      .select('reference')
      .where('reference', 'like', `financial:${order.id}:%`)
      .execute();
    expect(transfers.map((t) => t.reference).sort()).toEqual(
      ['buy', 'day:1', 'day:2', 'day:3', 'day:4', 'day:5', 'day:6', 'day:7', 'principal']
        .map((s) => `financial:${order.id}:${s}`)
        .sort(),
    );
    // The maturity is told in site mail, once.
    const mail = await server.call(contentCalls.findUserMsgList, {}, { token: trader.token });
    const matured = mail.data.list.filter((m) => m.title === 'Financial order matured');
    expect(matured).toHaveLength(1);
    expect(matured[0]!.body).toBe(
      'Your USDT Starter 7D order has matured: 5,000 USDT principal and 7 USDT interest are back in your account.',
    );
    const tab1 = await server.call(c.findUserMoneyProduct, { tab: 1 }, { token: trader.token });
    expect(tab1.data.list.map((o) => o.id)).toEqual([order.id]);
  }, 60_000);
});
