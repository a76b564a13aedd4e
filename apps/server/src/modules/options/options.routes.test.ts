import {
  channels,
  formatMoney,
  optionsCalls as c,
  parseMoney,
  userCalls,
  type Envelope,
  type OptionOrder,
  type SettlementRecord,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemAccount, userAccount } from '../../ledger/accounts';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import {
  contractBalance,
  expectRecordChainIntact,
  optionTrader,
  periodId,
  scriptedFeedEnv,
  verifyPrimary,
  waitFor,
  type OptionTrader,
} from './options.test-kit';

let server: TestServer;
let fast: number;
let minute: number;
beforeAll(async () => {
  server = await startServer({
    rateLimits: ROOMY_LIMITS,
    // A small demo pool, so the cover rule can be reached.
    env: scriptedFeedEnv({ OPTIONS_POOL_FUNDING_DEMO: '5000' }),
  });
  fast = await periodId(server, 'BTC/USDT', 2);
  minute = await periodId(server, 'BTC/USDT', 60);
});
afterAll(() => server.close());

let keys = 0;
const key = () => `options-test-${process.pid}-${++keys}`;

async function place(
  trader: OptionTrader,
  input: { symbol?: string; direction?: string; amount?: string; periodId?: number },
  headers: Record<string, string> = {},
  call: typeof c.insertCurrencyOrder | typeof c.insertPeriodsOrder = c.insertCurrencyOrder,
): Promise<Envelope<OptionOrder>> {
  return server.call(
    call,
    { symbol: 'BTC/USDT', direction: 'long', amount: '10', periodId: fast, ...input } as never,
    { token: trader.token, headers },
  ) as Promise<Envelope<OptionOrder>>;
}

/** insertOrderMoney and cancelPeriodsOrder as `token`'s (no Idempotency-Key unless given). */
const topUp = (
  token: string,
  orderId: number,
  amount: string,
  headers: Record<string, string> = {},
) => server.call(c.insertOrderMoney, { orderId, amount }, { token, headers });
const cancelOrder = (token: string, orderId: number) =>
  server.call(c.cancelPeriodsOrder, { orderId }, { token });

function refused(answer: Envelope<unknown>, code: string, enMsg?: string) {
  expect(answer.status).not.toBe(1);
  expect((answer as { code?: string }).code).toBe(code);
  if (enMsg) expect(answer.enMsg).toBe(enMsg);
  expect(answer.cnMsg).not.toBe(answer.enMsg);
  expect(answer.data).toBeNull();
}

describe('periods', () => {
  it('lists a product’s periods with their terms', async () => {
    const answer = await server.call(c.findH5ProductPeriodsPage, { symbol: 'btc/usdt' });
    expect(answer.data.list.map((p) => p.seconds)).toEqual([2, 60]);
    expect(answer.data.list[0]).toEqual({
      id: fast,
      seconds: 2,
      returnRate: '0.80000000',
      lossRate: '1.00000000',
      minAmount: '10.00000000',
      maxAmount: '10000.00000000',
    });
  });
  it('answers no periods for a coin not offered as options, and refuses a malformed symbol', async () => {
    expect((await server.call(c.findH5ProductPeriodsPage, { symbol: 'ADA/USDT' })).data).toEqual({
      list: [],
    });
    refused(await server.call(c.findH5ProductPeriodsPage, { symbol: 'BTC' }), 'currencyNotOpen');
  });
  it('tells where real-book options are not offered', async () => {
    const terms = (await server.call(c.findOptionTerms, {})).data;
    expect(terms.restrictedCountries).toEqual(expect.arrayContaining(['DE', 'GB', 'US', 'AU']));
    expect(terms.realNeedsPrimary).toBe(true);
    expect(terms.settleToleranceMs).toBe(3000);
  });
});

describe('an instant order', () => {
  it('takes the stake, starts at the current tick and settles from the logged ticks', async () => {
    const trader = await optionTrader(server);
    const before = parseMoney(await contractBalance(server, trader.token));
    const placed = await place(trader, { amount: '100' });
    expect(placed.status).toBe(1);
    const order = placed.data;
    expect(order).toMatchObject({
      symbol: 'BTC/USDT',
      direction: 'long',
      amount: '100.00000000',
      periodSeconds: 2,
      returnRate: '0.80000000',
      lossRate: '1.00000000',
      status: 'running',
      kind: 'instant',
      startTime: null,
      mode: 'demo',
      outcome: null,
    });
    expect(order.settleTime - order.openTime).toBe(2000);
    expect(order.strike?.price).toBe(order.strikePrice);
    const tick = await server.app.db
      .selectFrom('tick_log')
      .selectAll()
      .where('seq', '=', BigInt(order.strike!.feedSeq))
      .executeTakeFirstOrThrow();
    expect(formatMoney(tick.price)).toBe(order.strikePrice);
    expect(Number(tick.time)).toBe(order.strike!.time);
    expect(parseMoney(await contractBalance(server, trader.token))).toBe(
      before - parseMoney('100'),
    );

    const done = await waitFor(server, trader.token, order.id);
    expect(done.status).toBe('settled');
    expect(done.outcome).toBe('win');
    expect(done.payout).toBe('180.00000000');
    expect(done.profit).toBe('80.00000000');
    expect(parseMoney(done.settlePrice!)).toBeGreaterThan(parseMoney(done.strikePrice!));
    expect(done.settle!.time).toBeLessThanOrEqual(done.settleTime);
    expect(done.settleTime - done.settle!.time).toBeLessThanOrEqual(3000);
    expect(done.recordSeq).toBeGreaterThan(0);
    expect(done.recordHash).toMatch(/^[0-9a-f]{64}$/);
    expect(parseMoney(await contractBalance(server, trader.token))).toBe(before + parseMoney('80'));
    // Settled within a second of expiry.
    const record = await server.app.db
      .selectFrom('option_records')
      .select('created_at')
      .where('order_id', '=', BigInt(order.id))
      .executeTakeFirstOrThrow();
    expect(Number(record.created_at) - done.settleTime).toBeLessThan(1000);
  });

  it('loses short on a rising coin, ties on a flat one, wins short on a falling one', async () => {
    const trader = await optionTrader(server);
    const eth = await periodId(server, 'ETH/USDT', 2);
    const sol = await periodId(server, 'SOL/USDT', 2);
    const orders = [
      (await place(trader, { direction: 'short', amount: '50' })).data,
      (await place(trader, { symbol: 'ETH/USDT', periodId: eth, amount: '40' })).data,
      (await place(trader, { symbol: 'SOL/USDT', periodId: sol, direction: 'short', amount: '20' }))
        .data,
    ];
    const [loss, tie, win] = await Promise.all(
      orders.map((o) => waitFor(server, trader.token, o.id)),
    );
    expect(loss).toMatchObject({ outcome: 'loss', payout: '0.00000000', profit: '-50.00000000' });
    expect(tie).toMatchObject({ outcome: 'tie', payout: '40.00000000', profit: '0.00000000' });
    expect(tie!.settlePrice).toBe(tie!.strikePrice);
    expect(win).toMatchObject({ outcome: 'win', payout: '36.00000000' });
    expect(await contractBalance(server, trader.token)).toBe('966.00000000');
  });

  it('is listed as current while running and as history after, newest first', async () => {
    const trader = await optionTrader(server);
    const order = (await place(trader, {})).data;
    const now = await server.call(c.findNowCurrencyOrder, {}, { token: trader.token });
    expect(now.data.list.map((o) => o.id)).toEqual([order.id]);
    const current = await server.call(c.findUserOrderList, { tab: 0 }, { token: trader.token });
    expect(current.data).toMatchObject({ total: 1, page: 1 });
    await waitFor(server, trader.token, order.id);
    const history = await server.call(c.findUserOrderList, { tab: 1 }, { token: trader.token });
    expect(history.data.list.map((o) => o.id)).toEqual([order.id]);
    expect(history.data.list[0]!.recordHash).toMatch(/^[0-9a-f]{64}$/);
    expect(
      (await server.call(c.findNowCurrencyOrder, {}, { token: trader.token })).data.list,
    ).toEqual([]);
  });

  it('pushes placed and settled events to the trader’s socket', async () => {
    const trader = await optionTrader(server);
    const socket = await server.subscribe([channels.user], trader.token);
    try {
      const order = (await place(trader, {})).data;
      const match = (event: string) => (f: { data: unknown }) =>
        (f.data as { event?: string; order?: { id: number } }).event === event &&
        (f.data as { order: { id: number } }).order.id === order.id;
      await socket.next(match('option.placed'));
      const settled = await socket.next(match('option.settled'), 8_000);
      expect((settled.data as { order: OptionOrder }).order.outcome).toBe('win');
    } finally {
      socket.close();
    }
  });
});

describe('refusals', () => {
  let trader: OptionTrader;
  beforeAll(async () => {
    trader = await optionTrader(server, '100');
  });

  it('an amount that is not > 0', async () => {
    refused(
      await place(trader, { amount: '0' }),
      'incorrectAmount',
      'Please enter the correct amount',
    );
    refused(await place(trader, { amount: '-5' }), 'incorrectAmount');
    refused(await place(trader, { amount: 'ten' }), 'incorrectAmount');
  });
  it('a stake or top-up finer than a cent, saying the places (the app shows cents)', async () => {
    const text = 'The amount has too many decimal places (at most 2)';
    refused(await place(trader, { amount: '10.001' }), 'amountPrecision', text);
    expect(await contractBalance(server, trader.token)).toBe('100.00000000');
    refused(await topUp(trader.token, 1, '0.001'), 'amountPrecision', text);
    // Written as the wire writes amounts, trailing zeros and all, a whole stake is taken.
    const whole = await optionTrader(server, '100');
    expect((await place(whole, { amount: '10.00000000' })).status).toBe(1);
  });
  it('an amount outside the period’s min and max, saying the bounds', async () => {
    const text = 'Please enter the correct amount: from 10 to 10000 USDT';
    refused(await place(trader, { amount: '9.99' }), 'optionAmountRange', text);
    refused(await place(trader, { amount: '10000.01' }), 'optionAmountRange', text);
  });
  it('more than the contract wallet holds', async () => {
    refused(
      await place(trader, { amount: '100.01' }),
      'insufficientBalance',
      'Insufficient balance, please recharge first',
    );
  });
  it('a coin not open for options, or a period of another coin', async () => {
    const text = 'This currency is not open for trading, please reselect';
    refused(await place(trader, { symbol: 'ADA/USDT' }), 'currencyNotOpen', text);
    refused(await place(trader, { symbol: 'NOPE/USDT' }), 'currencyNotOpen', text);
    const eth = await periodId(server, 'ETH/USDT', 2);
    refused(await place(trader, { periodId: eth }), 'optionPeriodUnavailable');
    refused(await place(trader, { periodId: 999_999 }), 'optionPeriodUnavailable');
  });
  it('a strike tick the tick log failed to store, taking no stake', async () => {
    const market = server.app.market;
    const before = await contractBalance(server, trader.token);
    market.tickDurable = () => Promise.resolve(false);
    try {
      refused(await place(trader, {}), 'currencyNotOpen');
    } finally {
      delete (market as Partial<typeof market>).tickDurable;
    }
    expect(await contractBalance(server, trader.token)).toBe(before);
  });
  it('a missing or unknown direction', async () => {
    refused(await place(trader, { direction: '' }), 'requiredItems');
    refused(await place(trader, { direction: 'up' }), 'invalidInput');
  });
  it('a negative contract balance, before anything else about money', async () => {
    const broke = await optionTrader(server, '10');
    // A liquidation past the margin is the one way a contract wallet goes negative.
    await server.app.writer.run((trx) =>
      server.app.ledger.post(trx, {
        type: 'contract',
        reference: `test-liquidation:${broke.userId}`,
        postings: [
          {
            account: userAccount(broke.userId, 'demo', 'contract', 'USDT'),
            amount: -parseMoney('25'),
            allowNegative: true,
          },
          { account: systemAccount('demo', 'treasury', 'USDT'), amount: parseMoney('25') },
        ],
      }),
    );
    refused(
      await place(broke, {}),
      'negativeBalance',
      'Current account balance is negative and needs to be recharged',
    );
  });
  it('an order the pool could not pay in the worst case', async () => {
    const rich = await optionTrader(server, '20000');
    const big = await periodId(server, 'ETH/USDT', 60);
    // The pool holds 5,000 plus open stakes; 10,000 at 0.8 could cost it 18,000.
    refused(
      await place(rich, { symbol: 'ETH/USDT', periodId: big, amount: '10000' }),
      'optionPoolCover',
    );
    expect(await contractBalance(server, rich.token)).toBe('20000.00000000');
  });
  it('another user’s order id, as not found', async () => {
    const owner = await optionTrader(server);
    const order = (await place(owner, {}, {}, c.insertPeriodsOrder)).data;
    const stranger = await optionTrader(server);
    for (const answer of [
      await server.call(
        c.findCurrencyOrderResult,
        { orderId: order.id },
        { token: stranger.token },
      ),
      await cancelOrder(stranger.token, order.id),
      await topUp(stranger.token, order.id, '10'),
    ]) {
      refused(answer, 'notFound');
    }
    expect(await contractBalance(server, stranger.token)).toBe('1000.00000000');
  });
  it('a visitor', async () => {
    const answer = await server.call(c.insertCurrencyOrder, {
      symbol: 'BTC/USDT',
      direction: 'long',
      amount: '10',
      periodId: fast,
    });
    expect(answer.status).toBe('401');
  });
});

describe('period orders', () => {
  it('start at the next boundary; before it they can be cancelled (refunded) or topped up', async () => {
    const trader = await optionTrader(server);
    // The order starts at the next minute boundary: at least 20 s ahead, so that the job cannot
    // start it while the test tops it up and cancels it (a boundary a few hundred ms away did).
    const toBoundary = 60_000 - (server.clock.now() % 60_000);
    if (toBoundary < 20_000) server.clock.advance(toBoundary + 1_000);
    const now = server.clock.now();
    const scheduled = (
      await place(trader, { periodId: minute, amount: '25' }, {}, c.insertPeriodsOrder)
    ).data;
    expect(scheduled).toMatchObject({ status: 'scheduled', kind: 'period', strikePrice: null });
    expect(scheduled.startTime! % 60_000).toBe(0);
    expect(scheduled.startTime!).toBeGreaterThan(now);
    expect(scheduled.openTime).toBe(scheduled.startTime);
    expect(scheduled.settleTime).toBe(scheduled.startTime! + 60_000);
    expect(await contractBalance(server, trader.token)).toBe('975.00000000');

    const topped = await topUp(trader.token, scheduled.id, '15', { 'idempotency-key': key() });
    expect(topped.data).toMatchObject({
      id: scheduled.id,
      amount: '40.00000000',
      status: 'scheduled',
    });
    expect(await contractBalance(server, trader.token)).toBe('960.00000000');
    refused(await topUp(trader.token, scheduled.id, '0.005'), 'amountPrecision');
    expect(await contractBalance(server, trader.token)).toBe('960.00000000');
    refused(
      await topUp(trader.token, scheduled.id, '9990'),
      'optionTopUpMax',
      'The stake after a top-up may be at most 10000 USDT: you can add up to 9960 USDT',
    );

    const pending = await server.call(c.findNowPeriodsOrder, {}, { token: trader.token });
    expect(pending.data.list.map((o) => o.id)).toEqual([scheduled.id]);

    const cancelled = await cancelOrder(trader.token, scheduled.id);
    expect(cancelled.data).toMatchObject({ status: 'cancelled', payout: '40.00000000' });
    expect(await contractBalance(server, trader.token)).toBe('1000.00000000');
    const history = await server.call(
      c.findUserPeriodsOrderList,
      { tab: 1 },
      { token: trader.token },
    );
    expect(history.data.list.map((o) => o.status)).toEqual(['cancelled']);
    // The options list holds every order of the book, period ones too.
    const all = await server.call(c.findUserOrderList, { tab: 1 }, { token: trader.token });
    expect(all.data.list.map((o) => [o.id, o.kind, o.status])).toEqual([
      [scheduled.id, 'period', 'cancelled'],
    ]);
    // A cancelled order is not cancelled or topped up again, and says so.
    refused(
      await cancelOrder(trader.token, scheduled.id),
      'optionOrderCancelled',
      'This order has already been cancelled',
    );
    refused(await topUp(trader.token, scheduled.id, '10'), 'optionOrderCancelled');
  });

  it('cannot be cancelled or topped up once started; an instant order never can', async () => {
    const trader = await optionTrader(server);
    const order = (await place(trader, {}, {}, c.insertPeriodsOrder)).data;
    const started = await waitFor(server, trader.token, order.id, ['scheduled']);
    expect(['running', 'settled']).toContain(started.status);
    expect(started.strike!.time).toBeLessThanOrEqual(order.startTime!);
    const text = 'This order has already started and can no longer be cancelled or topped up';
    refused(await cancelOrder(trader.token, order.id), 'optionOrderStarted', text);
    refused(await topUp(trader.token, order.id, '10'), 'optionOrderStarted', text);
    const instant = (await place(trader, {})).data;
    refused(await cancelOrder(trader.token, instant.id), 'optionOrderInstant');
    const done = await waitFor(server, trader.token, order.id);
    expect(done.outcome).toBe('win');
  });
});

describe('period order events', () => {
  it('tell the trader’s socket when the order is placed, started and settled', async () => {
    const trader = await optionTrader(server);
    const socket = await server.subscribe([channels.user], trader.token);
    try {
      const order = (await place(trader, {}, {}, c.insertPeriodsOrder)).data;
      const match = (event: string) => (f: { data: unknown }) =>
        (f.data as { event?: string; order?: { id: number } }).event === event &&
        (f.data as { order: { id: number } }).order.id === order.id;
      const placed = await socket.next(match('option.placed'));
      expect((placed.data as { order: OptionOrder }).order.status).toBe('scheduled');
      const started = await socket.next(match('option.started'), 8_000);
      expect((started.data as { order: OptionOrder }).order.strikePrice).not.toBeNull();
      await socket.next(match('option.settled'), 8_000);
    } finally {
      socket.close();
    }
  });
});

describe('Idempotency-Key', () => {
  it('answers a double submit with the first order and takes the stake once', async () => {
    const trader = await optionTrader(server);
    const same = key();
    const [a, b] = await Promise.all([
      place(trader, { amount: '30' }, { 'idempotency-key': same }),
      place(trader, { amount: '30' }, { 'idempotency-key': same }),
    ]);
    expect(a.status).toBe(1);
    expect(b.data.id).toBe(a.data.id);
    const again = await place(trader, { amount: '30' }, { 'idempotency-key': same });
    expect(again.data.id).toBe(a.data.id);
    expect(await contractBalance(server, trader.token)).toBe('970.00000000');
    refused(
      await place(trader, { amount: '31' }, { 'idempotency-key': same }),
      'idempotencyConflict',
    );
    const orders = await server.app.db
      .selectFrom('option_orders')
      .select('id')
      .where('user_id', '=', BigInt(trader.userId))
      .execute();
    expect(orders).toHaveLength(1);
  });
  it('without a key, each submit is its own order', async () => {
    const trader = await optionTrader(server);
    await place(trader, { amount: '10' });
    await place(trader, { amount: '10' });
    expect(await contractBalance(server, trader.token)).toBe('980.00000000');
  });
});

describe('jurisdiction', () => {
  it('refuses the real book in a restricted country and says why; the demo book is open', async () => {
    const trader = await optionTrader(server);
    await verifyPrimary(server, trader.token, 'DE');
    expect((await place(trader, {})).status).toBe(1);
    await server.call(userCalls.switchUser, { mode: 'real' }, { token: trader.token });
    const refusal = await place(trader, {});
    refused(
      refusal,
      'optionRestricted',
      'Options are not offered in the real account to residents of Germany, where they are restricted for retail clients; the demo account is open to everyone',
    );
    // The country travels as its code, so each language names it in its own words.
    expect((refusal as { params?: unknown }).params).toEqual({ country: 'DE' });
    expect(refusal.cnMsg).toContain('由于 德国 限制');
  });
  it('needs primary verification in the real book', async () => {
    const trader = await optionTrader(server);
    await server.call(userCalls.switchUser, { mode: 'real' }, { token: trader.token });
    refused(await place(trader, {}), 'optionPrimaryRequired');
  });
  it('lets a verified trader of an allowed country on to the money checks of the real book', async () => {
    const trader = await optionTrader(server);
    await verifyPrimary(server, trader.token, 'SG');
    await server.call(userCalls.switchUser, { mode: 'real' }, { token: trader.token });
    refused(await place(trader, {}), 'insufficientBalance');
  });
});

describe('the public settlement record', () => {
  it('lists records newest first, by symbol, without user ids, and chains from genesis', async () => {
    const trader = await optionTrader(server);
    const order = (await place(trader, {})).data;
    const done = await waitFor(server, trader.token, order.id);
    const page = await server.call(c.findSettlements, { symbol: 'BTC/USDT', pageSize: 100 });
    expect(page.status).toBe(1);
    const mine = page.data.list.find((r) => r.orderId === order.id)!;
    expect(mine).toMatchObject({
      seq: done.recordSeq,
      hash: done.recordHash,
      stake: '10.00000000',
      outcome: 'win',
      payout: '18.00000000',
      strike: done.strike,
      settle: done.settle,
      expiry: done.settleTime,
    });
    expect(JSON.stringify(mine)).not.toContain(`"userId"`);
    expect(mine.trader).toMatch(/^[0-9a-f]{32}$/);
    expect(page.data.list.every((r) => r.symbol === 'BTC/USDT')).toBe(true);
    const seqs = page.data.list.map((r) => r.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));

    await expectRecordChainIntact(server);
  });
  it('answers one record with the ticks around its strike and settlement', async () => {
    const trader = await optionTrader(server);
    const done = await waitFor(server, trader.token, (await place(trader, {})).data.id);
    const response = await server.fetch(`/api/options/settlements/${done.recordSeq}`);
    const answer = (await response.json()) as Envelope<{
      record: SettlementRecord;
      ticks: { strike: { feedSeq: number }[]; settle: { feedSeq: number }[] };
    }>;
    expect(answer.data.record.orderId).toBe(done.id);
    expect(answer.data.ticks.strike.map((t) => t.feedSeq)).toContain(done.strike!.feedSeq);
    expect(answer.data.ticks.settle.map((t) => t.feedSeq)).toContain(done.settle!.feedSeq);
    expect(answer.data.ticks.strike.length).toBeGreaterThan(5);
    const missing = (await (
      await server.fetch('/api/options/settlements/99999999')
    ).json()) as Envelope<null>;
    expect(missing.status).toBe('404');
    const bad = (await (
      await server.fetch('/api/options/settlements/abc')
    ).json()) as Envelope<null>;
    expect(bad.status).toBe('400');
  });
});
