import {
  financialCalls as c,
  financialConsoleCalls as fc,
  formatMoney,
  parseMoney,
  expectedProfit,
  type MoneyProduct,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness';
import {
  consoleCall,
  consoleLogin,
  initialAdmin,
  startConsoleServer,
} from '../console/console.test-support';
import {
  buy,
  expectFinancialSound,
  productOf,
  refused,
  runJobs,
  saver,
  wallet,
  type Saver,
} from './financial.test-kit';

const DAY = 86_400_000;
let server: TestServer;
let admin: string;
let beginner: MoneyProduct;
let advanced: MoneyProduct;

beforeAll(async () => {
  // A small demo reserve (500 USDT), so the cover rule can be reached.
  ({ server, admin } = await startConsoleServer({ FINANCIAL_RESERVE_FUNDING_DEMO: '500' }));
  beginner = await productOf(server, 'beginner');
  advanced = await productOf(server, 'advanced');
});
afterAll(async () => {
  await expectFinancialSound(server);
  await server.close();
});

let keys = 0;
const key = () => `financial-test-${process.pid}-${++keys}`;

describe('products', () => {
  it('lists the seeded packages of every tier with their terms', async () => {
    const answer = await server.call(c.findMoneyProduct, {});
    expect(answer.status).toBe(1);
    expect(answer.data.list.map((p) => p.tier)).toEqual(['beginner', 'advanced', 'premium']);
    expect(beginner).toMatchObject({
      days: 7,
      dailyRate: '0.00020000',
      yearlyRate: '0.07300000',
      minAmount: '10.00000000',
      maxAmount: '5000.00000000',
      dividendTime: '00:00',
      timeZone: 'UTC',
      penaltyRate: '0.00500000',
      lock: false,
      saleStart: null,
      saleEnd: null,
      status: 'selling',
    });
    expect((await server.call(c.findMoneyProduct, { tier: 'premium' })).data.list).toHaveLength(1);
  });
  it('refuses an unknown tier', async () => {
    refused(await server.call(c.findMoneyProduct, { tier: 'gold' as never }), 'invalidInput');
  });
});

describe('buying', () => {
  let trader: Saver;
  beforeAll(async () => {
    trader = await saver(server);
  });

  it('buys from the cft wallet: the principal is frozen, the order keeps its terms', async () => {
    const answer = await buy(server, trader, beginner.id, '1000');
    expect(answer.status).toBe(1);
    expect(answer.data).toMatchObject({
      productId: beginner.id,
      amount: '1000.00000000',
      dailyRate: '0.00020000',
      expectedProfit: '1.40000000',
      profitEarned: '0.00000000',
      days: 7,
      remainingDays: 7,
      status: 0,
      returnedPrincipal: null,
      mode: 'demo',
    });
    expect(answer.data.orderNo).toMatch(/^FP\d{8}[0-9A-F]{10}$/);
    expect(answer.data.endTime - answer.data.startTime).toBe(7 * DAY);
    expect(await wallet(server, trader.token)).toEqual({
      available: '9000.00000000',
      frozen: '1000.00000000',
    });
  });

  it('refuses below the minimum and above the single-order maximum, with both named', async () => {
    const text = 'Please enter the correct amount: from 10 to 5000 USDT';
    refused(await buy(server, trader, beginner.id, '9.99'), 'financialAmountRange', text);
    refused(await buy(server, trader, beginner.id, '5000.01'), 'financialAmountRange', text);
    refused(await buy(server, trader, beginner.id, '0'), 'incorrectAmount');
    refused(await buy(server, trader, beginner.id, 'ten'), 'incorrectAmount');
    refused(await buy(server, trader, 9999, '100'), 'financialProductUnavailable');
  });

  it('refuses more than the cft wallet holds', async () => {
    const poor = await saver(server, '50');
    refused(await buy(server, poor, beginner.id, '60'), 'insufficientBalance');
  });

  it('refuses a visitor', async () => {
    const answer = await server.call(c.buyMoneyProduct, { productId: beginner.id, amount: '10' });
    expect(answer.status).toBe('401');
  });

  it('answers a double submit with one Idempotency-Key once, and refuses the key with other input', async () => {
    const k = key();
    const before = await wallet(server, trader.token);
    const [a, b] = await Promise.all([
      buy(server, trader, beginner.id, '100', { 'Idempotency-Key': k }),
      buy(server, trader, beginner.id, '100', { 'Idempotency-Key': k }),
    ]);
    expect(a.status).toBe(1);
    expect(b.data).toEqual(a.data);
    const after = await wallet(server, trader.token);
    expect(parseMoney(before.available) - parseMoney(after.available)).toBe(parseMoney('100'));
    refused(
      await buy(server, trader, beginner.id, '200', { 'Idempotency-Key': k }),
      'idempotencyConflict',
    );
  });

  it('refuses beyond the capacity as sold out, naming what remains', async () => {
    const product = (
      await consoleCall(
        server,
        fc.addMoneyProduct,
        {
          tier: 'advanced',
          name: 'Small capacity',
          days: 3,
          dailyRate: '0.0001',
          minAmount: '10',
          maxAmount: '150',
          capacity: '150',
          dividendTime: '00:00',
          timeZone: 'UTC',
          penaltyRate: '0',
          lock: false,
          enabled: true,
        },
        { token: admin },
      )
    ).data.list.find((p) => p.name === 'Small capacity')!;
    expect((await buy(server, trader, product.id, '100')).status).toBe(1);
    refused(
      await buy(server, trader, product.id, '60'),
      'financialSoldOut',
      'Sold out: 50 USDT of this package can still be bought',
    );
    const listed = (await server.call(c.findMoneyProduct, {}, { token: trader.token })).data.list;
    expect(listed.find((p) => p.id === product.id)!.remaining).toBe('50.00000000');
  });

  it('refuses an order whose interest the yield reserve cannot cover with all promised, naming what it can', async () => {
    const rich = await saver(server, '90000');
    // Advanced: 30 days at 0.03 % = 0.9 % of the amount; the reserve (500) funds up to ~55,555.
    const reserve = (
      await consoleCall(server, fc.yieldReserve, {}, { token: admin })
    ).data.books.find((b) => b.book === 'demo')!;
    const headroom = parseMoney(reserve.headroom);
    expect(headroom).toBeGreaterThan(0n);
    expect((await buy(server, rich, advanced.id, '50000')).status).toBe(1);
    const refusal = await buy(server, rich, advanced.id, '10000');
    refused(refusal, 'financialSoldOut');
    const left = headroom - expectedProfit(parseMoney('50000'), parseMoney(advanced.dailyRate), 30);
    // What remains is what the headroom funds: 30 days of interest on it fit, a unit more does not.
    const remaining = /Sold out: ([\d.]+) USDT/.exec(refusal.enMsg)![1]!;
    expect(
      expectedProfit(parseMoney(remaining), parseMoney(advanced.dailyRate), 30),
    ).toBeLessThanOrEqual(left);
    // The list offers no more than that either: its remaining is what the reserve funds.
    const listed = (await server.call(c.findMoneyProduct, {}, { token: rich.token })).data.list;
    expect(parseMoney(listed.find((p) => p.id === advanced.id)!.remaining)).toBe(
      parseMoney(remaining),
    );
    // Funding the reserve in the console lets it through.
    await consoleCall(
      server,
      fc.fundYieldReserve,
      { book: 'demo', amount: '1000' },
      { token: admin },
    );
    expect((await buy(server, rich, advanced.id, '10000')).status).toBe(1);
  });

  it('refuses outside the sale window with "mining activity has ended"', async () => {
    const now = server.clock.now();
    const add = async (name: string, saleStart: number | null, saleEnd: number | null) =>
      (
        await consoleCall(
          server,
          fc.addMoneyProduct,
          {
            tier: 'beginner',
            name,
            days: 2,
            dailyRate: '0.0001',
            minAmount: '10',
            maxAmount: '1000',
            capacity: '100000',
            dividendTime: '08:00',
            timeZone: 'Asia/Shanghai',
            penaltyRate: '0.01',
            lock: false,
            saleStart,
            saleEnd,
            enabled: true,
          },
          { token: admin },
        )
      ).data.list.find((p) => p.name === name)!;
    const ended = await add('Ended', now - 2 * DAY, now - DAY);
    const upcoming = await add('Upcoming', now + DAY, null);
    expect(ended.status).toBe('ended');
    expect(upcoming.status).toBe('upcoming');
    refused(await buy(server, trader, ended.id, '10'), 'miningEnded', 'Mining activity has ended');
    // Not yet on sale is not "ended": the start is named.
    const start = new Date(now + DAY).toISOString().slice(0, 16).replace('T', ' ');
    refused(
      await buy(server, trader, upcoming.id, '10'),
      'financialNotStarted',
      `This package is not on sale yet: the sale starts ${start} UTC`,
    );
  });

  it('refuses terms the trader saw when the operator changed them since, changing nothing', async () => {
    const product = (
      await consoleCall(
        server,
        fc.addMoneyProduct,
        {
          tier: 'beginner',
          name: 'Terms check',
          days: 7,
          dailyRate: '0.0002',
          minAmount: '10',
          maxAmount: '1000',
          capacity: '100000',
          dividendTime: '00:00',
          timeZone: 'UTC',
          penaltyRate: '0.005',
          lock: false,
          saleStart: null,
          saleEnd: null,
          enabled: true,
        },
        { token: admin },
      )
    ).data.list.find((p) => p.name === 'Terms check')!;
    const seen = {
      productId: product.id,
      amount: '100',
      dailyRate: product.dailyRate,
      days: product.days,
      penaltyRate: product.penaltyRate,
      lock: product.lock,
    };
    // The operator edits the package while the confirm sheet is open.
    const changed = await consoleCall(
      server,
      fc.setMoneyProduct,
      { id: product.id, days: 30, dailyRate: '0.0003', penaltyRate: '0.02', lock: true },
      { token: admin },
    );
    expect(changed.status).toBe(1);
    const before = await wallet(server, trader.token);
    const answer = await server.call(c.buyMoneyProduct, seen, { token: trader.token });
    refused(
      answer,
      'financialTermsChanged',
      'The terms of this package have changed; please check them and confirm again',
    );
    // Any one term differing is enough.
    for (const stale of [
      { days: 7 },
      { dailyRate: '0.0002' },
      { penaltyRate: '0.005' },
      { lock: false },
    ]) {
      const fresh = { ...seen, days: 30, dailyRate: '0.0003', penaltyRate: '0.02', lock: true };
      refused(
        await server.call(c.buyMoneyProduct, { ...fresh, ...stale }, { token: trader.token }),
        'financialTermsChanged',
      );
    }
    expect(await wallet(server, trader.token)).toEqual(before);
    // The terms as they now are: bought, on them.
    const bought = await server.call(
      c.buyMoneyProduct,
      { ...seen, days: 30, dailyRate: '0.00030000', penaltyRate: '0.02', lock: true },
      { token: trader.token },
    );
    expect(bought.status).toBe(1);
    expect(bought.data).toMatchObject({ days: 30, dailyRate: '0.00030000', lock: true });
  });
});

describe('orders, dividends and redemption', () => {
  it('lists orders by tab, pays interest at each run, redeems early with the penalty shown first', async () => {
    const trader = await saver(server);
    const other = await saver(server);
    const order = (await buy(server, trader, beginner.id, '2000')).data;

    const tab0 = await server.call(c.findUserMoneyProduct, { tab: 0 }, { token: trader.token });
    expect(tab0.data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(tab0.data.list[0]!.id).toBe(order.id);
    expect(
      (await server.call(c.findUserMoneyProduct, { tab: 2 }, { token: trader.token })).data.total,
    ).toBe(0);
    refused(
      await server.call(c.findUserMoneyProduct, { tab: 3 }, { token: trader.token }),
      'invalidInput',
    );

    // Two dividend runs pass.
    server.clock.advance(order.nextDividendAt! - server.clock.now() + DAY + 1000);
    await runJobs(server);
    await runJobs(server);
    const detail = await server.call(
      c.findUserMoneyOnly,
      { orderId: order.id },
      { token: trader.token },
    );
    expect(detail.data).toMatchObject({
      daysPaid: 2,
      profitEarned: '0.80000000',
      redeemPenalty: '10.00000000',
      redeemPrincipal: '1990.00000000',
    });
    expect(detail.data.dividends.map((d) => [d.day, d.amount])).toEqual([
      [1, '0.40000000'],
      [2, '0.40000000'],
    ]);
    const paid = await server.call(c.findMoneyProductDividends, {}, { token: trader.token });
    expect(paid.data.total).toBe(2);
    const summary = await server.call(c.findUserMoneyProductProfit, {}, { token: trader.token });
    expect(summary.data).toMatchObject({
      totalInvested: '2000.00000000',
      totalProfit: '0.80000000',
    });

    // Another user's order is not found, for reading and for redeeming.
    refused(
      await server.call(c.findUserMoneyOnly, { orderId: order.id }, { token: other.token }),
      'notFound',
    );
    refused(
      await server.call(c.findMoneyProductReturn, { orderId: order.id }, { token: other.token }),
      'notFound',
    );
    refused(
      await server.call(c.findMoneyProductDividends, { orderId: order.id }, { token: other.token }),
      'notFound',
    );

    const before = await wallet(server, trader.token);
    const k = key();
    const [r1, r2] = await Promise.all([
      server.call(
        c.findMoneyProductReturn,
        { orderId: order.id },
        { token: trader.token, headers: { 'Idempotency-Key': k } },
      ),
      server.call(
        c.findMoneyProductReturn,
        { orderId: order.id },
        { token: trader.token, headers: { 'Idempotency-Key': k } },
      ),
    ]);
    expect(r1.data).toMatchObject({
      status: 2,
      returnedPrincipal: '1990.00000000',
      penalty: '10.00000000',
      profitEarned: '0.80000000',
    });
    expect(r2.data).toEqual(r1.data);
    const after = await wallet(server, trader.token);
    expect(parseMoney(after.available) - parseMoney(before.available)).toBe(parseMoney('1990'));
    expect(after.frozen).toBe('0.00000000');
    refused(
      await server.call(c.findMoneyProductReturn, { orderId: order.id }, { token: trader.token }),
      'financialNotRedeemable',
    );
    expect(
      (await server.call(c.findUserMoneyProduct, { tab: 2 }, { token: trader.token })).data.total,
    ).toBe(1);
    // A redeemed order earns nothing more.
    server.clock.advance(2 * DAY);
    await runJobs(server);
    const later = await server.call(
      c.findUserMoneyOnly,
      { orderId: order.id },
      { token: trader.token },
    );
    expect(later.data.daysPaid).toBe(2);
    expect(later.data.redeemPenalty).toBeNull();
  });

  it('refuses to redeem a locked package early', async () => {
    // The clock moved days on: a fresh operator session.
    admin = await consoleLogin(server, initialAdmin(server));
    const trader = await saver(server);
    const locked = (
      await consoleCall(
        server,
        fc.addMoneyProduct,
        {
          tier: 'premium',
          name: 'Locked',
          days: 5,
          dailyRate: '0.0001',
          minAmount: '10',
          maxAmount: '1000',
          capacity: '100000',
          dividendTime: '00:00',
          timeZone: 'UTC',
          penaltyRate: '0',
          lock: true,
          enabled: true,
        },
        { token: admin },
      )
    ).data.list.find((p) => p.name === 'Locked')!;
    const order = (await buy(server, trader, locked.id, '100')).data;
    refused(
      await server.call(c.findMoneyProductReturn, { orderId: order.id }, { token: trader.token }),
      'financialLocked',
    );
    refused(
      await server.call(c.findMoneyProductReturn, { orderId: 0 }, { token: trader.token }),
      'invalidInput',
    );
  });

  it('refuses a time zone Intl does not know in the earnings summary', async () => {
    const trader = await saver(server, '10');
    refused(
      await server.call(
        c.findUserMoneyProductProfit,
        { timeZone: 'Mars/Base' },
        { token: trader.token },
      ),
      'invalidInput',
    );
    const ok = await server.call(
      c.findUserMoneyProductProfit,
      { timeZone: 'Asia/Kolkata' },
      { token: trader.token },
    );
    expect(ok.data).toEqual({
      totalInvested: formatMoney(0n),
      totalProfit: formatMoney(0n),
      todayProfit: formatMoney(0n),
    });
  });
});
