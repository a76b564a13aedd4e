import { randomBytes } from 'node:crypto';
import { marketCalls, parseMoney, spotCalls, userCalls } from '@tidemark/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { GroupCommitter } from '../db/group-commit';
import { systemAccount, userAccount } from '../ledger/accounts';
import { checkPlatform } from '../ledger/check';
import { Ledger } from '../ledger/ledger';
import { systemClock } from '../lib/clock';
import { childServer, type ChildServer } from '../test/child-server';
import { clusterEnv, dropEventStream, scaleOutNats } from './scale-out.test-kit';

const natsUrl = scaleOutNats('three.scale-out.test.ts');
const ready = natsUrl !== undefined;

const SYMBOL = 'ETH/USDT';
const TTL = 2_000;

/**
 * Scale-out as it is deployed (issue 19): three real server processes (from source) on different
 * ports over ONE PostgreSQL database and ONE NATS, driven through one client per process. The
 * first started owns the spot markets. Without the market maker, so the books hold exactly the
 * traders' orders and every trade is between two of them.
 */
describe.skipIf(!ready)('three server processes', () => {
  const prefix = `tm-3-${randomBytes(5).toString('hex')}`;
  const env = {
    ...clusterEnv(natsUrl!, prefix, TTL),
    // A week of minute history (the default) blocks a first start for seconds, longer than the
    // lease: the first process would lose its roles while starting (it recovers, see feed.ts).
    MARKET_HISTORY_DAYS: '0.05',
  };
  let processes: ChildServer[] = [];
  let handle: DatabaseHandle;

  beforeAll(async () => {
    const first = await childServer({ env });
    await first.start();
    processes = [first];
    for (let i = 1; i < 3; i++) {
      const next = await childServer({ shared: first.fresh, env });
      await next.start();
      processes.push(next);
    }
    handle = openDatabase({ databaseUrl: first.fresh.url, dataDir: first.fresh.dataDir });
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    for (const p of processes.slice().reverse()) await p.close();
    await dropEventStream(natsUrl!, prefix);
  });

  /** Demo coins for a trader, from the demo treasury (as another process would post them). */
  async function grant(token: string, currency: string, amount: string) {
    const info = await processes[1]!.call(userCalls.findUserInfo, {}, token);
    const units = parseMoney(amount);
    await new GroupCommitter(handle).run((trx) =>
      new Ledger(handle, systemClock).post(trx, {
        type: 'demo-funding',
        reference: `test-grant:${info.data.id}:${currency}`,
        postings: [
          { account: systemAccount('demo', 'treasury', currency), amount: -units },
          { account: userAccount(info.data.id, 'demo', 'coin', currency), amount: units },
        ],
      }),
    );
  }

  let keys = 0;
  const key = () => ({ 'Idempotency-Key': `three-${process.pid}-${++keys}` });

  const ownerOfMarkets = async () =>
    (
      await sql<{ owner: string }>`
        select owner from cluster_lease where role = 'spot:markets'`.execute(handle.db)
    ).rows[0]?.owner;

  it('orders on one market through different processes match each other', async () => {
    const [p1, p2, p3] = processes as [ChildServer, ChildServer, ChildServer];
    const buyer = await p2.register('three-buyer', 1);
    const seller = await p3.register('three-seller', 1);
    await grant(seller, 'ETH', '1');
    const bid = await p2.call(
      spotCalls.insertCoinOrder,
      { symbol: SYMBOL, type: 1, price: '2000', quantity: '0.4' } as never,
      buyer,
      key(),
    );
    expect(bid).toMatchObject({ status: 1, data: { phase: 'open' } });
    const ask = await p3.call(
      spotCalls.sellCoinOrder,
      { symbol: SYMBOL, type: 1, price: '2000', quantity: '0.4' } as never,
      seller,
      key(),
    );
    expect(ask).toMatchObject({ status: 1, data: { phase: 'filled', filled: '0.40000000' } });
    // The buyer asks the first process: the order filled in the one book.
    const page = await p1.call(
      spotCalls.findCoinOrderPage,
      { tab: 1, page: 1, pageSize: 10 },
      buyer,
    );
    expect(page.data.list.find((o) => o.orderId === bid.data.orderId)?.phase).toBe('filled');
  }, 60_000);

  it('the owner is killed with SIGKILL mid-burst: a standby takes over, no acknowledged order is lost, none matched twice, books as rebuilt, ledger clean', async () => {
    const [p1, p2, p3] = processes as [ChildServer, ChildServer, ChildServer];
    const ownerBefore = await ownerOfMarkets();
    expect(ownerBefore).toContain(`:${p1.pid()}:`);
    const traders: string[] = [];
    for (let i = 0; i < 4; i++) {
      const token = await processes[i % 3]!.register('three-burst', i);
      await grant(token, 'ETH', '20');
      traders.push(token);
    }
    interface Acknowledged {
      orderId: number;
      phase: string;
      filled: string;
    }
    const acknowledged: Acknowledged[] = [];
    let killedAt = 0;
    let firstAfterKill = 0;
    // Eight lanes on each process, buys and sells around one price so they keep crossing.
    let running = true;
    const lane = async (through: ChildServer, n: number) => {
      for (let round = 0; running; round++) {
        const token = traders[(n + round) % traders.length]!;
        const side = (n + round) % 2 === 0 ? 'buy' : 'sell';
        const price = String(2000 + ((n * 7 + round * 3) % 21) - 10);
        try {
          const answer = await through.call(
            side === 'buy' ? spotCalls.insertCoinOrder : spotCalls.sellCoinOrder,
            { symbol: SYMBOL, type: 1, price, quantity: '0.01' } as never,
            token,
            key(),
          );
          if (answer.status === 1) {
            acknowledged.push(answer.data);
            if (killedAt && !firstAfterKill && through !== p1) firstAfterKill = performance.now();
          }
        } catch {
          // The connection died with the process: not acknowledged.
          if (through === p1) return;
        }
      }
    };
    const lanes = [p1, p2, p3].flatMap((through, i) =>
      Array.from({ length: 8 }, (_, n) => lane(through, i * 8 + n)),
    );
    const deadline = Date.now() + 30_000;
    while (acknowledged.length < 60 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const beforeKill = acknowledged.length;
    await p1.kill();
    killedAt = performance.now();
    // Orders through the survivors go on once a standby owns the markets.
    const resumeBy = Date.now() + 20_000;
    while (!firstAfterKill && Date.now() < resumeBy)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const failoverSeconds = (firstAfterKill - killedAt) / 1_000;
    await new Promise((resolve) => setTimeout(resolve, 500));
    running = false;
    await Promise.all(lanes);
    console.warn(
      `three processes: ${beforeKill} orders acknowledged before the kill, ${acknowledged.length} in all; first acknowledged through a survivor ${failoverSeconds.toFixed(2)} s after the kill (LEASE_TTL_MS ${TTL})`,
    );
    expect(firstAfterKill).toBeGreaterThan(0);
    expect(failoverSeconds).toBeLessThan(5);
    const ownerAfter = await ownerOfMarkets();
    expect(ownerAfter).not.toBe(ownerBefore);

    // No acknowledged order lost: each stored, as acknowledged or further along.
    const stored = new Map(
      (
        await handle.db
          .selectFrom('spot_orders')
          .select(['id', 'phase', 'filled', 'quantity', 'price', 'side', 'seq'])
          .where('symbol', '=', SYMBOL)
          .execute()
      ).map((row) => [Number(row.id), row]),
    );
    const lost = acknowledged.filter((a) => !stored.has(a.orderId));
    expect(lost).toEqual([]);
    for (const a of acknowledged) {
      const now = stored.get(a.orderId)!;
      expect(now.filled).toBeGreaterThanOrEqual(parseMoney(a.filled));
      if (a.phase === 'filled' || a.phase === 'cancelled') expect(now.phase).toBe(a.phase);
    }
    // None matched twice: each order's fill is the sum of its trades, never above its quantity.
    const traded = new Map<number, bigint>();
    for (const t of await handle.db
      .selectFrom('spot_trades')
      .select(['maker_order_id', 'taker_order_id', 'quantity'])
      .where('symbol', '=', SYMBOL)
      .execute()) {
      for (const id of [Number(t.maker_order_id), Number(t.taker_order_id)])
        traded.set(id, (traded.get(id) ?? 0n) + t.quantity);
    }
    for (const [id, row] of stored) {
      expect(row.filled, `order ${id}`).toBe(traded.get(id) ?? 0n);
      expect(row.filled <= (row.quantity ?? 0n), `order ${id}`).toBe(true);
    }
    // The new owner's book is the database's open orders: the depth every process answers.
    const open = [...stored.values()].filter(
      (o) => (o.phase === 'open' || o.phase === 'partial') && o.seq !== null,
    );
    const levels = (side: string) => {
      const sums = new Map<bigint, bigint>();
      for (const o of open.filter((o) => o.side === side))
        sums.set(o.price!, (sums.get(o.price!) ?? 0n) + o.quantity! - o.filled);
      return [...sums.entries()]
        .sort(([x], [y]) => (side === 'buy' ? Number(y - x) : Number(x - y)))
        .map(([price, quantity]) => [price, quantity]);
    };
    for (const through of [p2, p3]) {
      const depth = await through.call(
        marketCalls.getEntrustData,
        { symbol: SYMBOL, depth: 50 } as never,
        traders[0],
      );
      expect(depth.status).toBe(1);
      const parse = (list: [string, string][]) =>
        list.map(([p, q]) => [parseMoney(p), parseMoney(q)]);
      expect(parse(depth.data.bids)).toEqual(levels('buy').slice(0, 50));
      expect(parse(depth.data.asks)).toEqual(levels('sell').slice(0, 50));
    }
    expect((await checkPlatform(handle.db)).problems).toEqual([]);
  }, 120_000);
});
