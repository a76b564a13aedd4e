import { spotCalls } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { checkPlatform } from '../../ledger/check';
import { childServer, type ChildServer } from '../../test/child-server';

// A real server process, killed with SIGKILL in the middle of a burst of orders: every order it
// acknowledged must be there after a restart, as acknowledged or further along, and the ledger
// must check clean. The process runs from source (tsx), on SQLite or on DATABASE_URL.

let server: ChildServer;

let keys = 0;
const key = () => ({ 'Idempotency-Key': `durable-${process.pid}-${++keys}` });

beforeAll(async () => {
  server = await childServer();
  await server.start();
}, 60_000);
afterAll(() => server.close());

interface Acknowledged {
  token: string;
  orderId: number;
  phase: string;
  filled: string;
}

describe('a kill -9 in the middle of trading', () => {
  it('loses no acknowledged order, and leaves a ledger that checks clean', async () => {
    const tokens = [
      await server.register('durable', 1),
      await server.register('durable', 2),
      await server.register('durable', 3),
    ];
    for (const token of tokens) {
      const bought = await server.call(
        spotCalls.insertCoinOrder,
        { symbol: 'ETH/USDT', type: 2, amount: '3000' } as never,
        token,
        key(),
      );
      expect(bought.status).toBe(1);
    }
    const acknowledged: Acknowledged[] = [];
    // Six lanes a trader: limit buys, market buys and market sells. The kill comes once trading
    // is well under way (after a fixed time a loaded machine had acknowledged too few orders for
    // the test to mean anything).
    await server.killDuring(
      tokens.length * 6,
      async (lane, round) => {
        const token = tokens[Math.floor(lane / 6)]!;
        const roll = (round + lane) % 4;
        const def = roll === 3 ? spotCalls.sellCoinOrder : spotCalls.insertCoinOrder;
        const input =
          roll === 0
            ? { symbol: 'ETH/USDT', type: 1, price: String(1000 + (round % 50)), quantity: '0.01' }
            : { symbol: 'ETH/USDT', type: 2, quantity: '0.01' };
        const answer = await server.call(def, input as never, token, key());
        if (answer.status === 1)
          acknowledged.push({
            token,
            orderId: answer.data.orderId,
            phase: answer.data.phase,
            filled: answer.data.filled,
          });
      },
      () => acknowledged.length >= 30,
    );
    expect(acknowledged.length).toBeGreaterThan(20);

    await server.start();
    const stored = new Map<number, { phase: string; filled: string }>();
    for (const token of tokens) {
      for (const tab of [0, 1] as const) {
        for (let page = 1; ; page++) {
          const answer = await server.call(
            spotCalls.findCoinOrderPage,
            { tab, page, pageSize: 100 },
            token,
          );
          for (const order of answer.data.list) stored.set(order.orderId, order);
          if (answer.data.list.length < 100) break;
        }
      }
    }
    const lost = acknowledged.filter((a) => !stored.has(a.orderId));
    expect(lost).toEqual([]);
    for (const a of acknowledged) {
      const now = stored.get(a.orderId)!;
      // As acknowledged, or further along: a resting order may have filled since.
      expect(Number(now.filled)).toBeGreaterThanOrEqual(Number(a.filled));
      if (a.phase === 'filled' || a.phase === 'cancelled') expect(now.phase).toBe(a.phase);
    }
    const handle = openDatabase({ databaseUrl: server.fresh.url, dataDir: server.fresh.dataDir });
    try {
      expect((await checkPlatform(handle.db)).problems).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
