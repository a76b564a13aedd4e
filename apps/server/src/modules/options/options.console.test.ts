import {
  allConsoleCalls,
  formatMoney,
  optionsCalls as c,
  parseMoney,
  optionsConsoleCalls as oc,
  type ConsoleCallDef,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness';
import {
  auditRows,
  consoleCall,
  newOperator,
  startConsoleServer,
} from '../console/console.test-support';
import {
  contractBalance,
  optionTrader,
  periodId,
  scriptedFeedEnv,
  waitFor,
} from './options.test-kit';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  ({ server, admin } = await startConsoleServer(scriptedFeedEnv()));
});
afterAll(() => server.close());

describe('option terms in the console', () => {
  it('lists products with their periods and the restricted countries', async () => {
    const answer = await consoleCall(server, oc.listOptionProducts, {}, { token: admin });
    const btc = answer.data.products.find((p) => p.symbol === 'BTC/USDT')!;
    expect(btc).toMatchObject({ enabled: true, tradingOpen: true });
    expect(btc.periods.map((p) => p.seconds)).toEqual([2, 60]);
    expect(answer.data.products.map((p) => p.symbol)).not.toContain('ADA/USDT');
    expect(answer.data.restrictedCountries).toHaveLength(35);
  });

  it('changes a period’s terms for later orders only, audited with before and after', async () => {
    const trader = await optionTrader(server);
    const id = await periodId(server, 'ETH/USDT', 2);
    const first = (
      await server.call(
        c.insertCurrencyOrder,
        { symbol: 'ETH/USDT', direction: 'long', amount: '10', periodId: id },
        { token: trader.token },
      )
    ).data;
    const changed = await consoleCall(
      server,
      oc.setOptionPeriod,
      { id, returnRate: '0.9', lossRate: '0.75', minAmount: '20', maxAmount: '500' },
      { token: admin },
    );
    expect(changed.status).toBe(1);
    const [row] = await auditRows(server);
    expect(row).toMatchObject({
      action: 'option.period',
      target_type: 'option',
      target_id: `period:${id}`,
    });
    expect(JSON.parse(row!.before_json!)).toMatchObject({
      returnRate: '0.80000000',
      maxAmount: '10000.00000000',
    });
    expect(JSON.parse(row!.after_json!)).toMatchObject({
      returnRate: '0.90000000',
      lossRate: '0.75000000',
      maxAmount: '500.00000000',
    });

    const later = await server.call(
      c.insertCurrencyOrder,
      { symbol: 'ETH/USDT', direction: 'short', amount: '20', periodId: id },
      { token: trader.token },
    );
    expect(later.data).toMatchObject({ returnRate: '0.90000000', lossRate: '0.75000000' });
    const refusal = await server.call(
      c.insertCurrencyOrder,
      { symbol: 'ETH/USDT', direction: 'short', amount: '10', periodId: id },
      { token: trader.token },
    );
    expect(refusal.enMsg).toBe('Please enter the correct amount: from 20 to 500 USDT');
    // The first order keeps the terms it was placed under.
    const settled = await waitFor(server, trader.token, first.id);
    expect(settled).toMatchObject({ returnRate: '0.80000000', lossRate: '1.00000000' });

    // A trader who confirmed the rates shown before the change is refused, and nothing moves;
    // confirming the rates now shown places the order under them.
    const before = await contractBalance(server, trader.token);
    const place = (returnRate: string, lossRate: string) =>
      server.call(
        c.insertCurrencyOrder,
        { symbol: 'ETH/USDT', direction: 'long', amount: '20', periodId: id, returnRate, lossRate },
        { token: trader.token },
      );
    for (const [returnRate, lossRate] of [
      ['0.8', '1'],
      ['0.9', '1'],
      ['0.8', '0.75'],
    ] as const) {
      const stale = await place(returnRate, lossRate);
      expect(stale).toMatchObject({
        code: 'optionTermsChanged',
        enMsg:
          'The terms of this period have changed; please check the new rates and confirm again',
        data: null,
      });
    }
    expect(await contractBalance(server, trader.token)).toBe(before);
    const shown = await place('0.90000000', '0.75');
    expect(shown.data).toMatchObject({ returnRate: '0.90000000', lossRate: '0.75000000' });
    const malformed = await place('ninety', '0.75');
    expect(malformed).toMatchObject({ code: 'invalidInput', data: null });
  });

  it('refuses impossible terms, and adds periods once per length', async () => {
    const id = await periodId(server, 'SOL/USDT', 60);
    const bad = await consoleCall(
      server,
      oc.setOptionPeriod,
      { id, lossRate: '1.5' },
      { token: admin },
    );
    expect(bad).toMatchObject({ code: 'optionTermsInvalid' });
    const inverted = await consoleCall(
      server,
      oc.setOptionPeriod,
      { id, minAmount: '600', maxAmount: '500' },
      { token: admin },
    );
    expect(inverted).toMatchObject({ code: 'optionTermsInvalid' });
    // "80" for 80 %: a win would pay 81 times the stake; more than 1 (100 %) is refused.
    const typo = await consoleCall(
      server,
      oc.setOptionPeriod,
      { id, returnRate: '80' },
      { token: admin },
    );
    expect(typo).toMatchObject({ code: 'optionTermsInvalid' });
    // A return rate of 0: a win would pay back only the stake.
    const nothingToWin = await consoleCall(
      server,
      oc.setOptionPeriod,
      { id, returnRate: '0' },
      { token: admin },
    );
    expect(nothingToWin).toMatchObject({ code: 'optionTermsInvalid' });
    const notRate = await consoleCall(
      server,
      oc.setOptionPeriod,
      { id, returnRate: '-0.1' },
      { token: admin },
    );
    expect(notRate).toMatchObject({ code: 'rateInvalid' });
    const atMost = await consoleCall(
      server,
      oc.setOptionPeriod,
      { id, returnRate: '1' },
      { token: admin },
    );
    expect(atMost).toMatchObject({ status: 1 });
    const input = {
      symbol: 'SOL/USDT',
      seconds: 300,
      returnRate: '0.9',
      lossRate: '1',
      minAmount: '10',
      maxAmount: '100',
    };
    const added = await consoleCall(server, oc.addOptionPeriod, input, { token: admin });
    expect(
      added.data.products.find((p) => p.symbol === 'SOL/USDT')!.periods.map((p) => p.seconds),
    ).toEqual([2, 60, 300]);
    expect(await consoleCall(server, oc.addOptionPeriod, input, { token: admin })).toMatchObject({
      code: 'optionPeriodExists',
    });
  });

  it('closes a symbol for new orders, and sets the restricted countries', async () => {
    const id = await periodId(server, 'SOL/USDT', 60);
    await consoleCall(
      server,
      oc.setOptionProduct,
      { symbol: 'SOL/USDT', enabled: false },
      { token: admin },
    );
    const trader = await optionTrader(server);
    expect(
      (await server.call(c.findH5ProductPeriodsPage, { symbol: 'SOL/USDT' })).data.list,
    ).toEqual([]);
    // Closed: no new order, even on a period id the trader still knows.
    expect(
      await server.call(
        c.insertCurrencyOrder,
        { symbol: 'SOL/USDT', direction: 'long', amount: '10', periodId: id },
        { token: trader.token },
      ),
    ).toMatchObject({ code: 'currencyNotOpen' });
    await consoleCall(
      server,
      oc.setOptionProduct,
      { symbol: 'SOL/USDT', enabled: true },
      { token: admin },
    );
    const reopened = await server.call(c.findH5ProductPeriodsPage, { symbol: 'SOL/USDT' });
    expect(reopened.data.list.map((p) => p.id)).toContain(id);
    const set = await consoleCall(
      server,
      oc.setOptionRestrictedCountries,
      { countries: 'us, gb,US' },
      { token: admin },
    );
    expect(set.data.restrictedCountries).toEqual(['GB', 'US']);
    expect((await server.call(c.findOptionTerms, {})).data.restrictedCountries).toEqual([
      'GB',
      'US',
    ]);
    expect(
      await consoleCall(
        server,
        oc.setOptionRestrictedCountries,
        { countries: 'USA' },
        { token: admin },
      ),
    ).toMatchObject({ code: 'countryInvalid' });
    const [row] = await auditRows(server);
    expect(JSON.parse(row!.after_json!)).toEqual({ countries: ['GB', 'US'] });
  });

  it('shows exposure, funds the pool from the treasury, the P&L by day and orders by user', async () => {
    const trader = await optionTrader(server);
    const minute = await periodId(server, 'BTC/USDT', 60);
    await server.call(
      c.insertCurrencyOrder,
      { symbol: 'BTC/USDT', direction: 'long', amount: '100', periodId: minute },
      { token: trader.token },
    );
    const exposure = (await consoleCall(server, oc.optionExposure, {}, { token: admin })).data;
    // The file's first BTC order: its row is this order alone (return rate 0.80: 180 at worst).
    const btc = exposure.rows.find((r) => r.symbol === 'BTC/USDT' && r.book === 'demo');
    expect(btc).toEqual({
      symbol: 'BTC/USDT',
      book: 'demo',
      openOrders: 1,
      longStake: '100.00000000',
      shortStake: '0.00000000',
      worstCasePayout: '180.00000000',
    });
    const demo = exposure.books.find((b) => b.book === 'demo')!;
    expect(parseMoney(demo.worstCasePayout)).toBeGreaterThanOrEqual(parseMoney('180'));
    expect(parseMoney(demo.headroom)).toBe(
      parseMoney(demo.poolBalance) - parseMoney(demo.worstCasePayout),
    );
    const funded = await consoleCall(
      server,
      oc.fundOptionPool,
      { book: 'real', amount: '2500' },
      { token: admin },
    );
    expect(funded.data.books.find((b) => b.book === 'real')!.poolBalance).toBe('1002500.00000000');
    // Once the two-second orders of the tests before have settled, the day's figures stand still:
    // they must be what the settled and failed orders of the day add up to.
    const db = server.app.db;
    for (const until = Date.now() + 8_000; ;) {
      const open = await db
        .selectFrom('option_orders')
        .select('id')
        .where('status', 'in', ['scheduled', 'running'])
        .where('period_seconds', '<', 60n)
        .execute();
      if (open.length === 0) break;
      if (Date.now() > until) throw new Error('short orders still open');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pnl = await consoleCall(server, oc.optionPoolPnl, { book: 'demo' }, { token: admin });
    const today = Math.floor(server.app.clock.now() / 86_400_000) * 86_400_000;
    const closed = await db
      .selectFrom('option_orders')
      .select(['stake', 'payout'])
      .where('book', '=', 'demo')
      .where('status', 'in', ['settled', 'failed'])
      .where('settle_time', '>=', BigInt(today))
      .execute();
    const stakes = closed.reduce((sum, o) => sum + BigInt(o.stake), 0n);
    const payouts = closed.reduce((sum, o) => sum + BigInt(o.payout ?? 0n), 0n);
    expect(closed.length).toBeGreaterThan(0);
    expect(pnl.data.days[0]).toEqual({
      day: new Date(today).toISOString().slice(0, 10),
      settled: closed.length,
      stakes: formatMoney(stakes),
      payouts: formatMoney(payouts),
      profit: formatMoney(stakes - payouts),
    });
    const orders = await consoleCall(
      server,
      oc.listOptionOrders,
      { userId: trader.userId },
      { token: admin },
    );
    expect(orders.data.list).toHaveLength(1);
    expect(orders.data.list[0]).toMatchObject({ userId: trader.userId, amount: '100.00000000' });
  });

  it('lets only an admin change terms', async () => {
    const support = await newOperator(server, admin, 'support');
    const id = await periodId(server, 'BTC/USDT', 60);
    expect(
      await consoleCall(
        server,
        oc.setOptionPeriod,
        { id, returnRate: '5' },
        { token: support.token },
      ),
    ).toMatchObject({
      code: 'forbidden',
    });
    expect(
      (await consoleCall(server, oc.listOptionOrders, {}, { token: support.token })).status,
    ).toBe(1);
  });
});

/**
 * What decides a result: prices, ticks, outcomes and records (a withdrawal's blockchain `txHash`
 * is none of them).
 */
const FORBIDDEN = /price|tick|outcome|payout|strike|settle|record|^hash$|seq/i;
/** Terms that only sound like one: the leveraged contract's margin per lot (future positions). */
const TERMS = new Set(['lotPrice']);

function inputFields(call: ConsoleCallDef): string[] {
  const shape = (call.input as unknown as { _zod: { def: { shape?: Record<string, unknown> } } })
    ._zod.def.shape;
  return Object.keys(shape ?? {});
}

describe('no console call can change a price, a tick, an outcome or a record', () => {
  it('no operator call takes such a field or names such a thing in its path', () => {
    const writers = allConsoleCalls.filter((call) => call.method === 'POST');
    expect(writers.length).toBeGreaterThan(10);
    for (const call of writers) {
      expect({
        path: call.path,
        fields: inputFields(call).filter((f) => FORBIDDEN.test(f) && !TERMS.has(f)),
      }).toEqual({ path: call.path, fields: [] });
      expect(call.path).not.toMatch(/tick|settlement|record|price|outcome/i);
    }
  });

  it('every option console call leaves the tick log, the orders’ results and the records as they were', async () => {
    const trader = await optionTrader(server);
    const fast = await periodId(server, 'BTC/USDT', 2);
    const order = (
      await server.call(
        c.insertCurrencyOrder,
        { symbol: 'BTC/USDT', direction: 'short', amount: '10', periodId: fast },
        { token: trader.token },
      )
    ).data;
    await waitFor(server, trader.token, order.id);
    const snapshot = async (upTo?: bigint) => {
      const db = server.app.db;
      const maxSeq =
        upTo ??
        BigInt(
          (
            await db
              .selectFrom('tick_log')
              .select((eb) => eb.fn.max('seq').as('s'))
              .executeTakeFirstOrThrow()
          ).s ?? 0,
        );
      const ticks = await db
        .selectFrom('tick_log')
        .selectAll()
        .where('seq', '<=', maxSeq)
        .orderBy('seq')
        .execute();
      const results = await db
        .selectFrom('option_orders')
        .select([
          'id',
          'strike_price',
          'strike_seq',
          'settle_price',
          'settle_seq',
          'outcome',
          'payout',
          'record_seq',
        ])
        .where('status', 'in', ['settled', 'failed'])
        .orderBy('id')
        .execute();
      const records = await db.selectFrom('option_records').selectAll().orderBy('seq').execute();
      return {
        maxSeq,
        text: JSON.stringify({ ticks, results, records }, (_k, v: unknown) =>
          typeof v === 'bigint' ? v.toString() : v,
        ),
      };
    };
    const before = await snapshot();
    const id = await periodId(server, 'BTC/USDT', 60);
    const writes: [ConsoleCallDef, Record<string, unknown>][] = [
      [oc.setOptionProduct, { symbol: 'BTC/USDT', enabled: false }],
      [oc.setOptionProduct, { symbol: 'BTC/USDT', enabled: true }],
      [
        oc.setOptionPeriod,
        { id, returnRate: '0.5', lossRate: '0.5', minAmount: '1', maxAmount: '2' },
      ],
      [
        oc.addOptionPeriod,
        {
          symbol: 'BTC/USDT',
          seconds: 900,
          returnRate: '0.9',
          lossRate: '1',
          minAmount: '10',
          maxAmount: '100',
        },
      ],
      [oc.setOptionRestrictedCountries, { countries: 'US' }],
      [oc.fundOptionPool, { book: 'demo', amount: '1' }],
    ];
    const optionWriters = (Object.values(oc) as unknown[]).filter(
      (v): v is ConsoleCallDef =>
        typeof v === 'object' &&
        v !== null &&
        'method' in v &&
        (v as ConsoleCallDef).method === 'POST',
    );
    expect(new Set(writes.map(([call]) => call))).toEqual(new Set(optionWriters));
    for (const [call, input] of writes) {
      const answer = await consoleCall(server, call, input as never, { token: admin });
      expect(answer.status).toBe(1);
    }
    const after = await snapshot(before.maxSeq);
    expect(after.text).toBe(before.text);
  });
});
