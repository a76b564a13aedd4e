import {
  optionsCalls as c,
  optionOutcome,
  parseMoney,
  type OptionDirection,
} from '@tidemark/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPlatform } from '../../ledger/check';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import * as repo from './options.repository';
import { OptionsJobs } from './options.jobs';
import { dueToSettle, settleOrders, type DueOrder } from './options.service';
import { optionTrader, periodId, scriptedFeedEnv, type OptionTrader } from './options.test-kit';
import { verifySettlements } from './options.verify';

let server: TestServer;
const periods: Record<string, number> = {};
const SYMBOLS = ['BTC/USDT', 'ETH/USDT', 'SOL/USDT'] as const;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS, env: scriptedFeedEnv() });
  for (const symbol of SYMBOLS) periods[symbol] = await periodId(server, symbol, 2);
});
afterAll(() => server.close());

type Action =
  | {
      kind: 'instant' | 'period';
      symbol: (typeof SYMBOLS)[number];
      direction: 'long' | 'short';
      amount: string;
    }
  | { kind: 'cancel'; which: number }
  | { kind: 'topUp'; which: number; amount: string };

const placing: fc.Arbitrary<Action> = fc.record({
  kind: fc.constantFrom('instant' as const, 'period' as const),
  symbol: fc.constantFrom(...SYMBOLS),
  direction: fc.constantFrom('long' as const, 'short' as const),
  amount: fc.integer({ min: 1, max: 400 }).map((n) => String(n)),
});
const action: fc.Arbitrary<Action> = fc.oneof(
  placing,
  fc.record({ kind: fc.constant('cancel' as const), which: fc.nat() }),
  fc.record({
    kind: fc.constant('topUp' as const),
    which: fc.nat(),
    amount: fc.integer({ min: 1, max: 50 }).map(String),
  }),
);

const sequence: fc.Arbitrary<Action[]> = fc
  .tuple(placing, fc.array(action, { maxLength: 11 }))
  .map(([first, rest]) => [first, ...rest]);

async function allClosed(ids: number[]) {
  if (ids.length === 0) return;
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const open = await server.app.db
      .selectFrom('option_orders')
      .select('id')
      .where('id', 'in', ids.map(BigInt))
      .where('status', 'in', ['scheduled', 'running'])
      .execute();
    if (open.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('orders still open');
}

describe('random order sequences (property)', () => {
  it('keep the ledger balanced, and every settled outcome recomputes from its logged ticks', async () => {
    await fc.assert(
      // Each sequence places at least once: five runs of cancels and top-ups alone (a few in a
      // hundred) would leave no record for this test and the two after it to check.
      fc.asyncProperty(sequence, async (actions) => {
        const trader: OptionTrader = await optionTrader(server, '2000');
        const placed: number[] = [];
        const scheduled: number[] = [];
        for (const a of actions) {
          if (a.kind === 'instant' || a.kind === 'period') {
            const call = a.kind === 'instant' ? c.insertCurrencyOrder : c.insertPeriodsOrder;
            const answer = await server.call(
              call,
              {
                symbol: a.symbol,
                direction: a.direction,
                amount: a.amount,
                periodId: periods[a.symbol]!,
              },
              { token: trader.token },
            );
            // Below the minimum of 10 is refused with the bounds; everything else is taken.
            if (Number(a.amount) < 10) expect(answer).toMatchObject({ code: 'optionAmountRange' });
            else {
              expect(answer.status).toBe(1);
              placed.push(answer.data.id);
              if (a.kind === 'period') scheduled.push(answer.data.id);
            }
          } else if ('which' in a && scheduled.length) {
            const orderId = scheduled[a.which % scheduled.length]!;
            const answer =
              a.kind === 'cancel'
                ? await server.call(c.cancelPeriodsOrder, { orderId }, { token: trader.token })
                : await server.call(
                    c.insertOrderMoney,
                    { orderId, amount: a.amount },
                    { token: trader.token },
                  );
            // Either it applied, or the order had started (or been cancelled) meanwhile.
            if (answer.status !== 1)
              expect(['optionOrderStarted', 'optionOrderCancelled']).toContain(answer.code);
          }
        }
        await allClosed(placed);
        const ledger = await checkPlatform(server.app.db);
        expect(ledger.problems).toEqual([]);

        const rows = await server.app.db
          .selectFrom('option_orders')
          .selectAll()
          .where('user_id', '=', BigInt(trader.userId))
          .execute();
        let net = 0n;
        for (const row of rows) {
          net += BigInt(row.payout ?? 0n) - BigInt(row.stake);
          if (row.status === 'cancelled') {
            expect(row.payout).toBe(row.stake);
            continue;
          }
          const expiry = Number(row.settle_time);
          const last = await repo.tickAtOrBefore(server.app.db, row.symbol, expiry);
          if (row.status === 'settled') {
            expect(Number(row.settle_seq)).toBe(last!.seq);
            const strikes = await repo.ticksBySeq(server.app.db, [Number(row.strike_seq)]);
            const strike = strikes.get(Number(row.strike_seq));
            expect(strike!.price).toBe(BigInt(row.strike_price!));
            const expected = optionOutcome({
              direction: row.direction as OptionDirection,
              stake: BigInt(row.stake),
              returnRate: BigInt(row.return_rate),
              lossRate: BigInt(row.loss_rate),
              strike: strike!.price,
              settle: last!.price,
            });
            expect({ outcome: row.outcome, payout: BigInt(row.payout!) }).toEqual(expected);
          } else {
            expect(row).toMatchObject({ status: 'failed', outcome: 'failed' });
            expect(row.payout).toBe(row.stake);
          }
        }
        const money = await server.app.db
          .selectFrom('ledger_accounts')
          .select('balance')
          .where('owner', '=', 'user')
          .where('owner_id', '=', BigInt(trader.userId))
          .where('book', '=', 'demo')
          .where('wallet', '=', 'contract')
          .executeTakeFirstOrThrow();
        expect(BigInt(money.balance)).toBe(parseMoney('2000') + net);
      }),
      { numRuns: 5 },
    );
    const report = await verifySettlements(server.app.db, server.config.options.settleToleranceMs);
    expect(report).toMatchObject({ ok: true, firstBroken: null });
    expect(report.records).toBeGreaterThan(0);
  });

  it('the verifier names the first record its order no longer agrees with', async () => {
    const record = await server.app.db
      .selectFrom('option_records')
      .select(['seq', 'order_id'])
      .orderBy('seq')
      .limit(1)
      .offset(1)
      .executeTakeFirstOrThrow();
    await server.app.db
      .updateTable('option_order_terms')
      .set((eb) => ({ stake: eb('stake', '+', 1n) }))
      .where('id', '=', record.order_id)
      .execute();
    const report = await verifySettlements(server.app.db, server.config.options.settleToleranceMs);
    expect(report).toEqual({
      ok: false,
      records: Number(record.seq) - 1,
      firstBroken: { seq: Number(record.seq), problem: 'stake differs from its order' },
    });
    await server.app.db
      .updateTable('option_order_terms')
      .set((eb) => ({ stake: eb('stake', '-', 1n) }))
      .where('id', '=', record.order_id)
      .execute();
    expect((await verifySettlements(server.app.db, 3000)).ok).toBe(true);
  });

  it('the record is append-only in the database itself', async () => {
    await expect(
      server.app.db
        .updateTable('option_records')
        .set({ hash: 'x' })
        .where('seq', '=', 1n)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      server.app.db.deleteFrom('option_records').where('seq', '=', 1n).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      server.app.db.updateTable('tick_log').set({ price: 1n }).where('seq', '=', 1n).execute(),
    ).rejects.toThrow(/append-only/);
  });

  it('a settlement handed orders read before they moved on settles none of them twice', async () => {
    const db = server.app.db;
    // Three orders of its own, settled (the property above may leave fewer: its amounts under
    // the minimum are refused and its scheduled orders may be cancelled).
    const trader = await optionTrader(server, '2000');
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await server.call(
        c.insertCurrencyOrder,
        { symbol: 'BTC/USDT', direction: 'long', amount: '20', periodId: periods['BTC/USDT']! },
        { token: trader.token },
      );
      expect(answer.status).toBe(1);
      ids.push(answer.data.id);
    }
    await allClosed(ids);
    // Orders as a pass (or another process) read them while they ran: settled since.
    const stale = (
      await db
        .selectFrom('option_orders')
        .selectAll()
        .where('id', 'in', ids.map(BigInt))
        .where('status', '=', 'settled')
        .orderBy('id')
        .execute()
    ).map((row) => ({ ...row, status: 'running' }));
    expect(stale).toHaveLength(3);
    const head = await db.selectFrom('option_chain').selectAll().executeTakeFirstOrThrow();
    const counts = async () => ({
      records: Number(
        (
          await db
            .selectFrom('option_records')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      payouts: Number(
        (
          await db
            .selectFrom('ledger_transactions')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('reference', 'like', 'option:%:settle')
            .executeTakeFirstOrThrow()
        ).n,
      ),
    });
    const before = await counts();
    const tick = {
      symbol: stale[0]!.symbol,
      price: 1n,
      time: Number(stale[0]!.settle_time),
      seq: 1,
    };
    const moved = await server.app.writer.runInOrder((trx) =>
      settleOrders(
        server.app,
        trx,
        'running',
        stale.map((row) => ({ row, tick })),
      ),
    );
    expect(moved).toBe(0);
    expect(await counts()).toEqual(before);
    expect(await db.selectFrom('option_chain').selectAll().executeTakeFirstOrThrow()).toEqual(head);
    // The job hands settling what its due read found (on SQLite settled as read, not read again):
    // the guarded update finds them moved on, the unit rolls back and runs again reading afresh.
    const due = stale.map((row) => ({
      id: row.id,
      book: row.book,
      symbol: row.symbol,
      settle_time: row.settle_time,
      claimed: [
        row.id,
        row.user_id,
        row.book,
        row.symbol,
        row.direction,
        row.stake,
        row.return_rate,
        row.loss_rate,
        row.settle_time,
        row.strike_price,
        row.strike_time,
        row.strike_seq,
      ] as DueOrder['claimed'],
    }));
    expect(await new OptionsJobs(server.app).settleAll(due)).toBe(0);
    expect(await counts()).toEqual(before);
    expect(await db.selectFrom('option_chain').selectAll().executeTakeFirstOrThrow()).toEqual(head);
    expect((await verifySettlements(db, server.config.options.settleToleranceMs)).ok).toBe(true);
  });

  it('the due read pages past an order in (expiry, id) order: each due order once, none past the horizon', async () => {
    const db = server.app.db;
    const trader = await optionTrader(server, '1');
    // Running orders far in the future (no pass of the job reaches them): seven expiring
    // together (a burst), three a second later, two past the horizon read up to.
    const t0 = Date.UTC(2100, 0, 1);
    const expiries = [
      ...Array<number>(7).fill(t0),
      ...Array<number>(3).fill(t0 + 1_000),
      t0 + 5_000,
      t0 + 5_000,
    ];
    const ids: bigint[] = [];
    // Inserted out of expiry order, so that id order and expiry order differ.
    for (const settle of [...expiries].reverse()) {
      const row = await db
        .insertInto('option_order_terms')
        .values({
          user_id: BigInt(trader.userId),
          book: 'demo',
          kind: 'instant',
          symbol: 'BTC/USDT',
          direction: 'long',
          stake: parseMoney('10'),
          period_id: BigInt(periods['BTC/USDT']!),
          period_seconds: 2n,
          return_rate: parseMoney('0.8'),
          loss_rate: parseMoney('1'),
          status: 'running',
          open_time: BigInt(settle - 2_000),
          settle_time: BigInt(settle),
          strike_price: parseMoney('95000'),
          strike_time: BigInt(settle - 2_000),
          strike_seq: 1n,
          created_at: BigInt(t0),
          updated_at: BigInt(t0),
        })
        .returning(['id', 'settle_time', 'strike_time'])
        .executeTakeFirstOrThrow();
      await db.insertInto('option_due').values(row).execute();
      ids.push(row.id);
    }
    try {
      // Start just before the first of them: the orders of the other tests come earlier.
      const start = { id: 0n, book: 'demo', symbol: 'BTC/USDT', settle_time: BigInt(t0 - 1) };
      let after = { ...start, claimed: [] as unknown as DueOrder['claimed'] } as DueOrder;
      const read: DueOrder[] = [];
      for (let pages = 0; pages < 10; pages += 1) {
        const page = await dueToSettle(server.app, t0 + 2_000, 3, after);
        read.push(...page);
        if (page.length < 3) break;
        after = page[page.length - 1]!;
      }
      const key = (o: { settle_time: bigint; id: bigint }) => [o.settle_time, o.id];
      const expected = (
        await db
          .selectFrom('option_orders')
          .select(['id', 'settle_time'])
          .where('id', 'in', ids)
          .where('settle_time', '<=', BigInt(t0 + 2_000))
          .orderBy('settle_time')
          .orderBy('id')
          .execute()
      ).map(key);
      expect(expected).toHaveLength(10);
      expect(read.map(key)).toEqual(expected);
      // What settling is handed: every column it reads, as stored.
      expect(read[0]!.claimed[1]).toBe(BigInt(trader.userId));
      expect(read[0]!.claimed[4]).toBe('long');
    } finally {
      await db.deleteFrom('option_due').where('id', 'in', ids).execute();
      await db.deleteFrom('option_order_terms').where('id', 'in', ids).execute();
    }
  });
});
