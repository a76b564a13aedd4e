import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import {
  formatMoney,
  leverageCalls,
  newsign,
  parseMoney,
  type CallDef,
  type LeveragePosition,
} from '@tidemark/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Built } from '../app';
import type { SimulatedMarket } from '../market/feed';
import { TickLog } from '../market/tick-log';
import { stateOf } from '../modules/leverage/leverage.service';
import {
  firstTickPast,
  leverageFeedEnv,
  leverageTrader,
  waitClosed,
} from '../modules/leverage/leverage.test-kit';
import { ROOMY_LIMITS, startServer, type TestServer, secondProcess } from '../test/harness';
import { ROLES } from './cluster';
import { closeBoth, clusterEnv, scaleOutNats } from './scale-out.test-kit';

const natsUrl = scaleOutNats('feed.scale-out.test.ts');
const ready = natsUrl !== undefined;

const SYMBOL = 'BTC/USDT';

/**
 * The market feed and the leverage triggers as leased roles (issue 19): two apps over ONE
 * PostgreSQL database and ONE NATS, on the leverage tests' scripted feed (SOL falls 5 USDT a
 * second). A starts first and runs the feed and the triggers; B applies A's steps and announces
 * its positions to A; A dies and B continues both.
 */
describe.skipIf(!ready)('the market feed and the leverage triggers across two processes', () => {
  const prefix = `tm-f-${randomBytes(5).toString('hex')}`;
  // Two apps share one event loop here: a shorter time to live lets a busy machine (CI runs test
  // files side by side) stall the owner past it while B starts.
  const TTL = 2_000;
  let a: TestServer;
  let b: Built;
  const feedOf = (built: Built) => built.app.market as SimulatedMarket;
  const maxSeq = async () =>
    Number(
      (await sql<{ seq: string | null }>`select max(seq) as seq from tick_log`.execute(a.app.db))
        .rows[0]?.seq ?? 0,
    );

  beforeAll(async () => {
    a = await startServer({
      rateLimits: ROOMY_LIMITS,
      env: leverageFeedEnv(clusterEnv(natsUrl!, prefix, TTL)),
    });
    ({ app: b, url: bUrl } = await secondProcess(a));
  });

  let bUrl: string;
  /** A call answered by B. */
  async function callB<T>(def: CallDef, input: object, token: string): Promise<T> {
    const answer = await fetch(`${bUrl}${def.path}`, {
      method: 'POST',
      headers: {
        newsign: newsign(a.config.newsignSecret, a.clock.now()),
        appToken: token,
        'content-type': 'application/json',
      },
      body: JSON.stringify(input),
    });
    const envelope = (await answer.json()) as { status: unknown; enMsg: string; data: T };
    if (envelope.status !== 1) throw new Error(`${def.path}: ${envelope.enMsg}`);
    return envelope.data;
  }
  /** A long on SOL opened through B, its stop-loss `below` under the last price. */
  async function longOnB(token: string, below: string): Promise<LeveragePosition> {
    const price = b.app.market.lastTick('SOL/USDT')!.price;
    return callB<LeveragePosition>(
      leverageCalls.insert,
      {
        symbol: 'SOL/USDT',
        direction: 'long',
        lots: 1,
        multiple: 2,
        stopLoss: formatMoney(price - parseMoney(below)),
      },
      token,
    );
  }
  /** The position closed at the first logged tick past its stop-loss after its entry. */
  async function expectStoppedAtFirstCrossing(token: string, opened: LeveragePosition) {
    const closed = await waitClosed(a, token, opened.id);
    expect(closed).toMatchObject({ status: 'closed', closedBy: 'stopLoss' });
    const first = await firstTickPast(
      a,
      'SOL/USDT',
      opened.entry.feedSeq,
      parseMoney(opened.stopLoss!),
      false,
    );
    expect(closed.exit!.feedSeq).toBe(Number(first.seq));
    expect(parseMoney(closed.exitPrice!)).toBe(first.price);
  }

  afterAll(() => closeBoth(a, b, natsUrl!, prefix));

  it('only A runs the feed; B answers the same ticks, prices and tickers', async () => {
    expect(feedOf(a).ownsFeed()).toBe(true);
    expect(feedOf(b).ownsFeed()).toBe(false);
    expect(a.cluster.leases.lease(ROLES.marketFeed).held()).toBe(true);
    expect(b.cluster.leases.lease(ROLES.marketFeed).held()).toBe(false);
    const seen = (built: Built) => {
      const market = built.app.market;
      return {
        tick: market.lastTick(SYMBOL),
        prices: market.products().map((p) => market.lastPrice(p.symbol)),
        tickers: market.tickers(),
      };
    };
    // A steps every 250 ms and B follows within milliseconds: between two steps both agree.
    await expect
      .poll(
        () => {
          const now = seen(a);
          return now.tick !== undefined && isDeepStrictEqual(seen(b), now);
        },
        { timeout: 5_000, interval: 20 },
      )
      .toBe(true);
    // A minute closes within one step (the clock moved past its end): B closes it as A did,
    // with that step's last prints, so the 24 h figures and the candles stay the same.
    const minute = a.app.market.tickers()[0]!.time;
    a.clock.advance(60_000 - (minute % 60_000) + 500);
    await expect
      .poll(
        () => {
          const now = seen(a);
          return (
            now.tickers[0]!.time > minute + 60_000 - (minute % 60_000) &&
            isDeepStrictEqual(seen(b), now)
          );
        },
        { timeout: 5_000, interval: 20 },
      )
      .toBe(true);
    // Between two steps: the open minute moves with every step, and the two reads are two awaits
    // apart (under load a step fell between them now and then).
    const candles = (built: Built) => built.app.market.candles(SYMBOL, '1min', 2);
    await expect
      .poll(async () => isDeepStrictEqual(await candles(b), await candles(a)), {
        timeout: 5_000,
        interval: 20,
      })
      .toBe(true);
    // B's tick is the logged one (B wrote none: the log's numbers would collide with A's).
    const tick = b.app.market.lastTick(SYMBOL)!;
    expect(await b.app.market.tickDurable(tick.seq)).toBe(true);
    const row = await sql<{ symbol: string; price: string }>`
      select symbol, price from tick_log where seq = ${tick.seq}`.execute(a.app.db);
    expect(row.rows.map((r) => [r.symbol, BigInt(r.price)])).toEqual([[SYMBOL, tick.price]]);
  });

  it('a position opened through B is closed by A, which runs the triggers', async () => {
    expect(stateOf(a.app).loaded).toBe(true);
    expect(stateOf(b.app).loaded).toBe(false);
    const trader = await leverageTrader(a, '5000');
    // SOL falls 5 a second: a stop-loss 3 under the price is crossed within a second.
    const opened = await longOnB(trader.token, '3');
    await expectStoppedAtFirstCrossing(trader.token, opened);
    // B never indexed it; A heard of it.
    expect(stateOf(b.app).index.size).toBe(0);
  });

  it('A dies: B takes the feed over with a higher token and continues the sequence', async () => {
    const tokenA = a.cluster.leases.lease(ROLES.marketFeed).token()!;
    const startSeq = await maxSeq();
    // A dies: its leases run out (nothing handed back) and it stops stepping the feed.
    await a.cluster.leases.stop(false);
    const died = performance.now();
    const lastOfA = await maxSeq();
    await expect.poll(() => feedOf(b).ownsFeed(), { timeout: TTL * 3, interval: 10 }).toBe(true);
    await expect
      .poll(() => b.app.market.lastTick(SYMBOL)?.seq ?? 0, { timeout: 3_000, interval: 10 })
      .toBeGreaterThan(lastOfA);
    const failoverMs = Math.round(performance.now() - died);
    console.warn(`feed failover: B ticked ${failoverMs} ms after A died (LEASE_TTL_MS ${TTL})`);
    expect(failoverMs).toBeLessThan(TTL * 3);
    expect(feedOf(a).ownsFeed()).toBe(false);
    expect(b.cluster.leases.lease(ROLES.marketFeed).token()!).toBeGreaterThan(tokenA);

    // A position opened through B while nobody ran the triggers (its announcement reached no
    // one): B, taking them over, builds its index from the database and closes it at its first
    // crossing.
    const trader = await leverageTrader(a, '5000');
    const opened = await longOnB(trader.token, '3');
    await expect.poll(() => stateOf(b.app).loaded, { timeout: TTL * 3 }).toBe(true);
    await expectStoppedAtFirstCrossing(trader.token, opened);

    // The log's numbers go on without a gap or a repeat across the change of owner.
    const tick = b.app.market.lastTick(SYMBOL)!;
    expect(await b.app.market.tickDurable(tick.seq)).toBe(true);
    const { rows } = await sql<{ seq: string }>`
      select seq from tick_log where seq > ${startSeq} order by seq`.execute(a.app.db);
    const seqs = rows.map((r) => Number(r.seq));
    expect(seqs.length).toBeGreaterThan(0);
    expect(seqs).toEqual(seqs.map((_, i) => startSeq + 1 + i));
    expect(seqs[seqs.length - 1]).toBeGreaterThanOrEqual(tick.seq);

    // A stale owner's ticks are refused by the fence and rolled back.
    const stale = new TickLog(
      a.app.database,
      { warn: () => undefined, error: () => undefined },
      (trx) => a.cluster.leases.lease(ROLES.marketFeed).fence(trx),
    );
    await stale.start();
    const refused = stale.record(SYMBOL, a.clock.now(), 1n);
    expect(await stale.durable(refused.seq)).toBe(false);
    const kept = await sql<{ price: string }>`
      select price from tick_log where seq = ${refused.seq}`.execute(a.app.db);
    expect(kept.rows.map((r) => BigInt(r.price))).not.toContain(1n);
  });
});
