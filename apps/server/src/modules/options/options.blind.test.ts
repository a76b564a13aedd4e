import {
  formatMoney,
  optionsCalls as c,
  parseMoney,
  type Envelope,
  type OptionOrder,
  type OptionTick,
  type SettlementRecord,
} from '@tidemark/contract';
import { sourcesJson } from '../../market/tick-log';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clockTo as clockToOn,
  feedStart,
  scriptedFeedStart,
  WATCH_LINE,
} from '../../test/scripted';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import { BlindWatch } from './options.blind';
import * as repo from './options.repository';
import { settlementTickOf } from './options.service';
import {
  contractBalance,
  expectRecordChainIntact,
  optionTrader,
  periodId,
  waitFor,
  type OptionTrader,
} from './options.test-kit';
import { verifySettlements } from './options.verify';

/**
 * A blind market (issue 17) as option traders meet it: BTC rises 5 USDT a second but is blind
 * (suspended, no ticks) in scripted windows; SOL rises 1000 USDT a second from 1000 and serves as
 * the test's watch on the feed's start (its price says how long the feed has run).
 */
const WINDOWS: [number, number][] = [
  [20, 30],
  [60, 90],
  [120, 150],
  [181, 211],
];

let server: TestServer;
let fast: number;
/** The feed's start (ms), read back from SOL's scripted price. */
let anchor: number;

beforeAll(async () => {
  server = await startServer({
    rateLimits: ROOMY_LIMITS,
    env: {
      ...scriptedFeedStart('blind', {
        'BTC/USDT': { from: '95000', perSecond: '5', blind: WINDOWS },
        'ETH/USDT': { from: '3400', perSecond: '0' },
        'SOL/USDT': WATCH_LINE,
      }),
      OPTIONS_PERIODS: '2,60',
    },
  });
  fast = await periodId(server, 'BTC/USDT', 2);
  anchor = await feedStart(server, 'SOL/USDT');
});
afterAll(() => server.close());

const usdt = (v: string) => parseMoney(v);
const clockTo = (at: number) => clockToOn(server, at);

const btcStatus = () => server.app.market.status('BTC/USDT')!.status;

function place(
  trader: OptionTrader,
  input: { symbol?: string; periodId?: number } = {},
  call: typeof c.insertCurrencyOrder | typeof c.insertPeriodsOrder = c.insertCurrencyOrder,
  headers?: Record<string, string>,
): Promise<Envelope<OptionOrder>> {
  return server.call(
    call,
    { symbol: 'BTC/USDT', direction: 'long', amount: '10', periodId: fast, ...input } as never,
    { token: trader.token, headers },
  ) as Promise<Envelope<OptionOrder>>;
}

function suspendedAnswer(answer: Envelope<unknown>) {
  expect(answer.status).not.toBe(1);
  expect((answer as { code?: string }).code).toBe('marketSuspended');
  expect(answer.enMsg).toMatch(/^BTC\/USDT is suspended: /);
  expect(answer.cnMsg).toContain('BTC/USDT');
  expect(answer.cnMsg).not.toBe(answer.enMsg);
  expect(answer.data).toBeNull();
}

async function ordersOf(trader: OptionTrader) {
  return server.app.db
    .selectFrom('option_orders')
    .select(['id', 'status', 'stake'])
    .where('user_id', '=', BigInt(trader.userId))
    .execute();
}

describe('a blind coin', () => {
  it('refuses new instant and period orders and top-ups, and changes nothing', async () => {
    const trader = await optionTrader(server);
    // Another trader's scheduled order, for the top-up (its boundary may pass meanwhile).
    const other = await optionTrader(server);
    const minute = await periodId(server, 'BTC/USDT', 60);
    await clockTo(anchor + 2_000);
    const keyed = { 'Idempotency-Key': `blind-place-${other.userId}` };
    const scheduled = await place(other, { periodId: minute }, c.insertPeriodsOrder, keyed);
    expect(scheduled.status).toBe(1);

    await clockTo(anchor + 21_000);
    expect(btcStatus()).toBe('suspended');
    const before = await contractBalance(server, trader.token);
    suspendedAnswer(await place(trader));
    suspendedAnswer(await place(trader, {}, c.insertPeriodsOrder));
    suspendedAnswer(
      await server.call(
        c.insertOrderMoney,
        { orderId: scheduled.data.id, amount: '10' },
        { token: other.token },
      ),
    );
    // A retry of the order placed before the window (its answer lost on the way) gets that
    // answer, as every keyed retry does, not the refusal; nothing is placed twice.
    const retried = await place(other, { periodId: minute }, c.insertPeriodsOrder, keyed);
    expect(retried.status).toBe(1);
    expect(retried.data.id).toBe(scheduled.data.id);
    expect(before).toBe('1000.00000000');
    expect(await contractBalance(server, trader.token)).toBe(before);
    expect(await ordersOf(trader)).toEqual([]);
    expect(await ordersOf(other)).toEqual([
      { id: BigInt(scheduled.data.id), status: expect.any(String), stake: 10n * 10n ** 8n },
    ]);
    // Another coin trades on; BTC again once its sources return.
    const eth = await periodId(server, 'ETH/USDT', 2);
    expect((await place(trader, { symbol: 'ETH/USDT', periodId: eth })).status).toBe(1);
    await clockTo(anchor + 31_000);
    expect(btcStatus()).toBe('open');
    expect((await place(trader)).status).toBe(1);
  });

  it('fails and refunds a running order whose expiry falls in the blind window, though the last tick before it is within the tolerance', async () => {
    const trader = await optionTrader(server);
    const [from] = WINDOWS[1]!;
    await clockTo(anchor + from * 1000 - 1_500);
    const placed = await place(trader);
    expect(placed.status).toBe(1);
    expect(await contractBalance(server, trader.token)).toBe('990.00000000');
    const expiry = placed.data.settleTime;
    expect(expiry).toBeGreaterThan(anchor + from * 1000);

    // Into the window and past the expiry: no tick since the one before the window.
    server.clock.advance(2_500);
    const order = await waitFor(server, trader.token, placed.data.id);
    expect(order).toMatchObject({
      status: 'failed',
      outcome: 'failed',
      payout: '10.00000000',
      profit: '0.00000000',
      settle: null,
    });
    expect(await contractBalance(server, trader.token)).toBe('1000.00000000');
    const last = (await repo.tickAtOrBefore(server.app.db, 'BTC/USDT', expiry))!;
    // The tolerance alone would have settled it on the window's last tick (a win: BTC rises).
    expect(expiry - last.time).toBeLessThanOrEqual(server.config.options.settleToleranceMs);
    expect(last.time).toBeLessThan(anchor + from * 1000);

    // The public record says so and still verifies.
    const record = (
      await server.call(c.findSettlements, { symbol: 'BTC/USDT', page: 1, pageSize: 50 })
    ).data.list.find((r) => r.orderId === placed.data.id)!;
    expect(record).toMatchObject({ outcome: 'failed', payout: '10.00000000', settle: null });
    await expectRecordChainIntact(server);
    const step = server.config.market.tickMs;
    const tolerance = server.config.options.settleToleranceMs;
    expect(await verifySettlements(server.app.db, tolerance, step)).toMatchObject({ ok: true });
    // Without the feed's step the log's gap is no evidence: the strict check names it.
    expect(await verifySettlements(server.app.db, tolerance)).toMatchObject({
      ok: false,
      firstBroken: { seq: record.seq, problem: expect.stringMatching(/^failed although/) },
    });

    // Once the window is over (ticks again), the expiry is still known to have been blind.
    await clockTo(anchor + WINDOWS[1]![1] * 1000 + 500);
    expect(btcStatus()).toBe('open');
    expect(await settlementTickOf(server.app, 'BTC/USDT', expiry)).toBeNull();
    const before = await settlementTickOf(server.app, 'BTC/USDT', last.time);
    expect(before).toMatchObject({ seq: last.seq });
  });

  it('fails a period order whose start boundary is blind: it never runs, and is refunded', async () => {
    const trader = await optionTrader(server);
    // The window whose start is not just after a 2 s boundary (their starts are 1 s apart in phase).
    const phase = (w: [number, number]) => (anchor + w[0] * 1000) % 2000;
    const [from] = [WINDOWS[2]!, WINDOWS[3]!].find((w) => phase(w) >= 600 && phase(w) <= 1600)!;
    await clockTo(anchor + from * 1000 - 450);
    const placed = await place(trader, {}, c.insertPeriodsOrder);
    expect(placed.status).toBe(1);
    expect(placed.data.status).toBe('scheduled');
    const boundary = placed.data.openTime;
    expect(boundary).toBeGreaterThan(anchor + from * 1000);
    expect(await contractBalance(server, trader.token)).toBe('990.00000000');

    server.clock.advance(boundary + 1_000 - server.clock.now());
    const order = await waitFor(server, trader.token, placed.data.id);
    expect(order).toMatchObject({
      status: 'failed',
      outcome: 'failed',
      payout: '10.00000000',
      strike: null,
      settle: null,
    });
    expect(await contractBalance(server, trader.token)).toBe('1000.00000000');
    const last = (await repo.tickAtOrBefore(server.app.db, 'BTC/USDT', boundary))!;
    expect(boundary - last.time).toBeLessThanOrEqual(server.config.options.settleToleranceMs);
    await expectRecordChainIntact(server);
  });
});

describe('a live tick’s sources', () => {
  it('go into the settlement record, the order and the record’s ticks, and the chain verifies', async () => {
    const trader = await optionTrader(server);
    const eth = await periodId(server, 'ETH/USDT', 2);
    const placed = await place(trader, { symbol: 'ETH/USDT', periodId: eth }, c.insertPeriodsOrder);
    expect(placed.status).toBe(1);
    const start = placed.data.openTime;
    const expiry = placed.data.settleTime;
    // As the live feed logs them (the scripted feed has one source and names none): a tick at the
    // start boundary and one at expiry, each the median of two exchanges.
    const sources = (price: string, time: number) => [
      { name: 'binance', price, time: time - 40 },
      { name: 'okx', price, time: time - 25 },
    ];
    const strikeSeq = 9_000_000_000;
    const settleSeq = strikeSeq + 1;
    const logged = (seq: number, time: number, price: string) => ({
      seq: BigInt(seq),
      symbol: 'ETH/USDT',
      time: BigInt(time),
      price: usdt(price),
      sources: sourcesJson(sources(price, time).map((s) => ({ ...s, price: usdt(s.price) }))),
    });
    await server.app.db
      .insertInto('tick_log')
      .values([logged(strikeSeq, start, '3400'), logged(settleSeq, expiry, '3400.5')])
      .execute();

    const order = await waitFor(
      server,
      trader.token,
      placed.data.id,
      ['scheduled', 'running'],
      10_000,
    );
    const shown = (price: string, time: number) =>
      sources(price, time).map((s) => ({ ...s, price: formatMoney(usdt(s.price)) }));
    expect(order).toMatchObject({
      status: 'settled',
      outcome: 'win',
      strike: { feedSeq: strikeSeq, price: '3400.00000000', sources: shown('3400', start) },
      settle: { feedSeq: settleSeq, price: '3400.50000000', sources: shown('3400.5', expiry) },
    });
    const detail = (await (
      await server.fetch(`/api/options/settlements/${order.recordSeq}`)
    ).json()) as Envelope<{
      record: SettlementRecord;
      ticks: { strike: OptionTick[]; settle: OptionTick[] };
    }>;
    expect(detail.data.record.settle).toEqual(order.settle);
    expect(detail.data.record.strike).toEqual(order.strike);
    expect(detail.data.ticks.settle.find((t) => t.feedSeq === settleSeq)?.sources).toEqual(
      order.settle!.sources,
    );
    const body = (
      await server.app.db
        .selectFrom('option_records')
        .select('body')
        .where('seq', '=', BigInt(order.recordSeq!))
        .executeTakeFirstOrThrow()
    ).body;
    expect(body).toContain('"sources":[{"name":"binance","price":"3400.50000000"');
    await expectRecordChainIntact(server);
    const report = await verifySettlements(
      server.app.db,
      server.config.options.settleToleranceMs,
      server.config.market.tickMs,
    );
    expect(report).toMatchObject({ ok: true });
  });
});

describe('BlindWatch', () => {
  it('knows a window by the tick before it, per symbol, and forgets nothing it was not told', () => {
    const watch = new BlindWatch();
    expect(watch.wentBlindAfter('BTC/USDT', 7)).toBe(false);
    watch.wentBlind('BTC/USDT', 7);
    watch.wentBlind('BTC/USDT', 7);
    expect(watch.wentBlindAfter('BTC/USDT', 7)).toBe(true);
    expect(watch.wentBlindAfter('BTC/USDT', 8)).toBe(false);
    expect(watch.wentBlindAfter('ETH/USDT', 7)).toBe(false);
    for (let seq = 100; seq < 1_200; seq++) watch.wentBlind('BTC/USDT', seq);
    expect(watch.wentBlindAfter('BTC/USDT', 7)).toBe(false);
    expect(watch.wentBlindAfter('BTC/USDT', 1_199)).toBe(true);
  });
});
