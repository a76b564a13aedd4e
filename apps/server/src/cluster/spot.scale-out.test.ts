import { randomBytes } from 'node:crypto';
import { marketCalls, newsign, spotCalls } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Built } from '../app';
import type { AppContext } from '../http/context';
import { exchangeOf } from '../modules/spot/spot.service';
import { spotTestKit } from '../modules/spot/spot.test-kit';
import {
  ROOMY_LIMITS,
  secondProcess,
  startServer,
  subscribeAt,
  type TestServer,
} from '../test/harness';
import { StaleLeaseError } from './lease';
import { closeBoth, clusterEnv, scaleOutNats } from './scale-out.test-kit';

const natsUrl = scaleOutNats('spot.scale-out.test.ts');
const ready = natsUrl !== undefined;

/**
 * One owner of the spot markets (issue 19): two apps over ONE PostgreSQL and ONE NATS. A (the
 * harness's server) takes `spot:markets` first and keeps the books; B keeps none and sends its
 * callers' orders, cancels and reads to A over NATS request/reply. Without the market maker, so
 * the books hold exactly the traders' orders.
 */
describe.skipIf(!ready)('the spot markets over two processes', () => {
  const prefix = `tm-s-${randomBytes(5).toString('hex')}`;
  const TTL = 2_000;
  let a: TestServer;
  let b: Built;
  let bUrl: string;
  let callB: TestServer['call'];
  const kit = spotTestKit(() => a, 'scale-spot');

  beforeAll(async () => {
    a = await startServer({
      rateLimits: ROOMY_LIMITS,
      env: clusterEnv(natsUrl!, prefix, TTL),
    });
    ({ app: b, url: bUrl, call: callB } = await secondProcess(a));
  });

  afterAll(() => closeBoth(a, b, natsUrl!, prefix));

  const orderThrough = (
    call: TestServer['call'],
    side: 'buy' | 'sell',
    token: string,
    input: Record<string, unknown>,
  ) =>
    call(side === 'buy' ? spotCalls.insertCoinOrder : spotCalls.sellCoinOrder, input as never, {
      token,
      headers: { 'Idempotency-Key': kit.key() },
    });

  /** The demo book as the user of `token` sees it through a process. */
  const bookThrough = async (call: TestServer['call'], symbol: string, token: string) => {
    const answer = await call(marketCalls.getEntrustData, { symbol, depth: 50 } as never, {
      token,
    });
    expect(answer.status).toBe(1);
    return answer.data;
  };

  it('A owns the markets and keeps the books; B keeps none', () => {
    expect(exchangeOf(a.app).owns()).toBe(true);
    expect(exchangeOf(b.app).owns()).toBe(false);
    expect(() => exchangeOf(b.app).exchange.book('demo', 'BTC/USDT')).toThrow();
  });

  it('orders on one market through different processes match, and the trader on B hears the fill', async () => {
    const alice = await a.register();
    const bob = await a.register();
    await kit.grant(bob.token, 'BTC', '1');
    const aliceOnB = await subscribeAt(
      bUrl,
      newsign(a.config.newsignSecret, a.clock.now()),
      ['user'],
      alice.token,
    );

    // Alice's bid goes through B and rests in A's book; both processes show it.
    const bid = await orderThrough(callB, 'buy', alice.token, {
      symbol: 'BTC/USDT',
      type: 1,
      price: '60000',
      quantity: '0.1',
    });
    expect(bid.status).toBe(1);
    expect(bid.data.phase).toBe('open');
    const viaA = await bookThrough(a.call, 'BTC/USDT', alice.token);
    expect(viaA.bids).toContainEqual(['60000.00000000', '0.10000000']);
    expect(await bookThrough(callB, 'BTC/USDT', alice.token)).toMatchObject({
      bids: viaA.bids,
      asks: viaA.asks,
    });

    // Bob's ask through A meets it.
    const ask = await orderThrough(a.call, 'sell', bob.token, {
      symbol: 'BTC/USDT',
      type: 1,
      price: '60000',
      quantity: '0.1',
    });
    expect(ask.status).toBe(1);
    expect(ask.data.phase).toBe('filled');
    const fill = await aliceOnB.next(
      (f) =>
        (f.data as { event?: string; orderId?: number; phase?: string }).event === 'order' &&
        (f.data as { orderId: number }).orderId === bid.data.orderId &&
        (f.data as { phase: string }).phase === 'filled',
      5_000,
    );
    expect(fill.data).toMatchObject({ symbol: 'BTC/USDT', side: 'buy', filled: '0.10000000' });
    await aliceOnB.close();
    // A cancel through B of the filled order is refused in the owner's words.
    const late = await callB(spotCalls.cancelBuyOrder, { orderId: bid.data.orderId } as never, {
      token: alice.token,
    });
    expect(late.status).not.toBe(1);
    const lateOnA = await a.call(spotCalls.cancelBuyOrder, { orderId: bid.data.orderId } as never, {
      token: alice.token,
    });
    expect(late.enMsg).toBe(lateOnA.enMsg);
  });

  it('A dies: B takes the markets over with the books rebuilt to the byte, and A is fenced out', async () => {
    const carol = await a.register();
    const dave = await a.register();
    await kit.grant(dave.token, 'ETH', '10');
    for (let i = 0; i < 4; i++) {
      const call = i % 2 === 0 ? a.call : callB;
      expect(
        (
          await orderThrough(call, 'buy', carol.token, {
            symbol: 'ETH/USDT',
            type: 1,
            price: String(2000 - i * 10),
            quantity: '0.5',
          })
        ).status,
      ).toBe(1);
      expect(
        (
          await orderThrough(call, 'sell', dave.token, {
            symbol: 'ETH/USDT',
            type: 1,
            price: String(2100 + i * 10),
            quantity: '0.75',
          })
        ).status,
      ).toBe(1);
    }
    const books = (app: AppContext) =>
      ['BTC/USDT', 'ETH/USDT'].map((symbol) =>
        exchangeOf(app).exchange.book('demo', symbol).serialize(),
      );
    const before = books(a.app);

    // A stops renewing and hands nothing back, as after a crash; it stops trusting its lease.
    await a.cluster.leases.stop(false);
    const died = performance.now();
    // A call through A meanwhile waits for the new owner rather than failing (on a pair of its
    // own: it may reach B before the comparison below).
    const duringTakeover = orderThrough(a.call, 'buy', carol.token, {
      symbol: 'DOGE/USDT',
      type: 1,
      price: '0.1',
      quantity: '100',
    });
    await expect
      .poll(() => exchangeOf(b.app).owns(), { timeout: TTL * 3, interval: 20 })
      .toBe(true);
    console.warn(
      `spot failover: B owns the markets ${Math.round(performance.now() - died)} ms after A stopped renewing (LEASE_TTL_MS ${TTL})`,
    );
    expect(exchangeOf(a.app).owns()).toBe(false);
    // B's books, rebuilt from the database, are A's to the byte.
    expect(books(b.app)).toEqual(before);
    const waited = await duringTakeover;
    expect(waited).toMatchObject({ status: 1, data: { phase: 'open' } });
    // A's writes are refused by the fence now.
    await expect(
      a.app.writer.run((trx) => exchangeOf(a.app).exchange.fence(trx)),
    ).rejects.toBeInstanceOf(StaleLeaseError);
    // Orders through either process go on, now to B: Dave's ask through A meets Carol's best bid.
    const hit = await orderThrough(a.call, 'sell', dave.token, {
      symbol: 'ETH/USDT',
      type: 1,
      price: '2000',
      quantity: '0.5',
    });
    expect(hit.status).toBe(1);
    expect(hit.data.phase).toBe('filled');
    expect((await bookThrough(callB, 'ETH/USDT', carol.token)).bids[0]).toEqual([
      '1990.00000000',
      '0.50000000',
    ]);
  });
});
