import {
  closeFigures,
  crosses,
  liquidationPrice,
  MONEY_UNIT,
  openFigures,
  parseMoney,
  positionPnl,
  type LeverageDirection,
} from '@tidemark/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountKeyText } from '../../ledger/accounts';
import type { Posting } from '../../ledger/ledger';
import {
  closePostings,
  openPostings,
  topUpPostings,
  TriggerIndex,
  type IndexedPosition,
} from './leverage.engine';

const m = parseMoney;

function position(over: Partial<IndexedPosition> & { id: number }): IndexedPosition {
  return {
    userId: 1,
    book: 'demo',
    symbol: 'BTC/USDT',
    direction: 'long',
    takeProfit: null,
    stopLoss: null,
    liquidation: null,
    entrySeq: 0,
    value: m('1000'),
    entry: m('100'),
    held: m('200'),
    ...over,
  };
}

describe('the trigger index', () => {
  it('hands back only the positions a tick crosses, each with the trigger that fires', () => {
    const index = new TriggerIndex();
    index.upsert(
      position({ id: 1, takeProfit: m('110'), stopLoss: m('95'), liquidation: m('90') }),
    );
    index.upsert(
      position({ id: 2, direction: 'short', takeProfit: m('90'), liquidation: m('110') }),
    );
    index.upsert(position({ id: 3, symbol: 'ETH/USDT', stopLoss: m('95') }));
    expect(index.crossed('BTC/USDT', m('100'), 1)).toEqual([]);
    expect(index.crossed('BTC/USDT', m('94'), 2).map((f) => [f.position.id, f.by])).toEqual([
      [1, 'stopLoss'],
    ]);
    expect(index.size).toBe(2);
    expect(index.crossed('BTC/USDT', m('111'), 3).map((f) => [f.position.id, f.by])).toEqual([
      [2, 'liquidation'],
    ]);
    expect(index.crossed('ETH/USDT', m('1'), 4).map((f) => f.position.id)).toEqual([3]);
    expect(index.size).toBe(0);
  });

  it('forgets replaced triggers and removed positions, and keeps positions entered at or after the tick', () => {
    const index = new TriggerIndex();
    index.upsert(position({ id: 1, stopLoss: m('95') }));
    index.upsert(position({ id: 1, stopLoss: m('80') }));
    expect(index.crossed('BTC/USDT', m('90'), 1)).toEqual([]);
    index.upsert(position({ id: 2, stopLoss: m('95'), entrySeq: 5 }));
    expect(index.crossed('BTC/USDT', m('90'), 5)).toEqual([]);
    expect(index.crossed('BTC/USDT', m('90'), 6).map((f) => f.position.id)).toEqual([2]);
    index.remove(1);
    expect(index.crossed('BTC/USDT', m('1'), 7)).toEqual([]);
    // Many changes of one position leave its heap small (stale entries are swept).
    for (let i = 0; i < 1000; i++) index.upsert(position({ id: 9, stopLoss: BigInt(i + 1) }));
    expect(index.crossed('BTC/USDT', m('0.00001'), 8).map((f) => f.position.id)).toEqual([9]);
  });
});

describe('the holders of a symbol', () => {
  it('lists each trader with their open positions there, and forgets closed ones', () => {
    const index = new TriggerIndex();
    index.upsert(position({ id: 1, userId: 7, stopLoss: m('95') }));
    index.upsert(position({ id: 2, userId: 7 }));
    index.upsert(position({ id: 3, userId: 8 }));
    index.upsert(position({ id: 4, userId: 8, symbol: 'ETH/USDT' }));
    const holders = () =>
      [...index.holdersOf('BTC/USDT')].map(([u, ps]) => [u, ps.map((p) => p.id)]);
    expect(holders()).toEqual([
      [7, [1, 2]],
      [8, [3]],
    ]);
    index.crossed('BTC/USDT', m('90'), 1);
    index.remove(3);
    expect(holders()).toEqual([[7, [2]]]);
  });
});

describe('the postings', () => {
  const sum = (ps: readonly Posting[]) => ps.reduce((a, p) => a + p.amount, 0n);
  it('balance for opening, a top-up and closing with and without a gap', () => {
    expect(sum(openPostings(1, 'real', m('200'), m('0.4')))).toBe(0n);
    expect(sum(topUpPostings(1, 'real', m('5')))).toBe(0n);
    const base = {
      direction: 'long' as const,
      value: m('400'),
      entry: m('100'),
      held: m('200'),
      closeFeeRate: m('0.001'),
    };
    for (const exit of [m('150'), m('100'), m('60'), m('10')]) {
      for (const protection of [true, false]) {
        const f = closeFigures({ ...base, exit, protection });
        const { close, gap } = closePostings(1, 'real', m('200'), f);
        expect(sum(close)).toBe(0n);
        expect(sum(gap)).toBe(0n);
        expect(gap.length > 0).toBe(protection && f.payout < 0n);
      }
    }
  });
});

interface Sim {
  id: number;
  direction: LeverageDirection;
  value: bigint;
  entry: bigint;
  held: bigint;
  closeFeeRate: bigint;
  protection: boolean;
  liquidation: bigint | null;
}

describe('the arithmetic (property)', () => {
  const price = fc.bigInt({ min: 1_000n, max: 10n ** 14n });
  const terms = fc.record({
    lots: fc.integer({ min: 1, max: 100_000 }),
    multiple: fc.integer({ min: 1, max: 100 }),
    lotPrice: fc.bigInt({ min: 1n, max: 10n ** 12n }),
    maintenanceRate: fc.bigInt({ min: 0n, max: MONEY_UNIT - 1n }),
    topUp: fc.bigInt({ min: 0n, max: 10n ** 12n }),
    direction: fc.constantFrom<LeverageDirection>('long', 'short'),
  });

  it('puts the liquidation price exactly where equity meets the maintenance level', () => {
    fc.assert(
      fc.property(terms, price, (t, entry) => {
        const f = openFigures({ ...t, openFeeRate: 0n });
        const held = f.margin + t.topUp;
        const liq = liquidationPrice({
          direction: t.direction,
          value: f.value,
          entry,
          held,
          maintenance: f.maintenance,
        });
        const equityAt = (p: bigint) => held + positionPnl(t.direction, f.value, entry, p);
        if (liq === null) {
          expect(t.direction).toBe('long');
          expect(equityAt(1n)).toBeGreaterThan(f.maintenance);
          return;
        }
        expect(equityAt(liq)).toBeLessThanOrEqual(f.maintenance);
        const safe = t.direction === 'long' ? liq + 1n : liq - 1n;
        if (safe > 0n) expect(equityAt(safe)).toBeGreaterThan(f.maintenance);
      }),
      { numRuns: 500 },
    );
  });

  it('signs P&L by direction, rounds it the trader’s way by less than a unit, and takes fees from equity only', () => {
    fc.assert(
      fc.property(
        terms,
        price,
        price,
        fc.bigInt({ min: 0n, max: MONEY_UNIT / 10n }),
        (t, entry, exit, rate) => {
          const f = openFigures({ ...t, openFeeRate: rate });
          const long = positionPnl('long', f.value, entry, exit);
          const short = positionPnl('short', f.value, entry, exit);
          // Exact value x move / entry, rounded up on both sides: they sum to 0 or 1 unit.
          expect(long + short === 0n || long + short === 1n).toBe(true);
          expect(f.openFee).toBe((f.value * rate) / MONEY_UNIT);
          const held = f.margin + t.topUp;
          for (const protection of [true, false]) {
            const c = closeFigures({
              direction: t.direction,
              value: f.value,
              entry,
              exit,
              held,
              closeFeeRate: rate,
              protection,
            });
            expect(c.equity).toBe(held + c.pnl);
            expect(c.closeFee).toBeGreaterThanOrEqual(0n);
            expect(c.closeFee <= (c.equity > 0n ? c.equity : 0n)).toBe(true);
            expect(c.payout + c.gap).toBe(protection && c.equity < 0n ? 0n : c.payout);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('random price paths (property)', () => {
  const order = fc.record({
    direction: fc.constantFrom<LeverageDirection>('long', 'short'),
    lots: fc.integer({ min: 1, max: 20 }),
    multiple: fc.integer({ min: 1, max: 5 }),
    tp: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
    sl: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
    topUp: fc.integer({ min: 0, max: 100 }),
    at: fc.integer({ min: 0, max: 59 }),
  });
  // Steps in per mille of the price: mostly small, sometimes a gap of up to 60 %.
  const step = fc.oneof(
    { weight: 9, arbitrary: fc.integer({ min: -20, max: 20 }) },
    { weight: 1, arbitrary: fc.integer({ min: -600, max: 600 }) },
  );

  it('keep the ledger balanced, let no position survive past its liquidation and, with protection, no wallet below zero', () => {
    fc.assert(
      fc.property(
        fc.array(order, { minLength: 1, maxLength: 40 }),
        fc.array(step, { minLength: 60, maxLength: 60 }),
        fc.boolean(),
        (orders, steps, protection) => {
          const balances = new Map<string, bigint>();
          const post = (postings: readonly Posting[]) => {
            expect(postings.reduce((a, p) => a + p.amount, 0n)).toBe(0n);
            for (const p of postings) {
              const k = accountKeyText(p.account);
              balances.set(k, (balances.get(k) ?? 0n) + p.amount);
            }
          };
          const wallet = (userId: number) =>
            balances.get(`user:${userId}/demo/contract/USDT`) ?? 0n;
          const index = new TriggerIndex<IndexedPosition & { sim: Sim }>();
          const open = new Map<number, Sim>();
          let price = m('100');
          let id = 0;
          const rate = m('0.001');
          const maintenanceRate = m('0.5');
          for (let t = 0; t < steps.length; t++) {
            for (const o of orders.filter((x) => x.at === t)) {
              id += 1;
              const f = openFigures({
                lots: o.lots,
                lotPrice: m('100'),
                multiple: o.multiple,
                openFeeRate: rate,
                maintenanceRate,
              });
              // Each trader brings exactly what the position needs, plus its top-up.
              const userId = id;
              const topUp = m(String(o.topUp));
              post([
                {
                  account: { owner: 'system', book: 'demo', wallet: 'treasury', currency: 'USDT' },
                  amount: -(f.required + topUp),
                },
                {
                  account: {
                    owner: 'user',
                    userId,
                    book: 'demo',
                    wallet: 'contract',
                    currency: 'USDT',
                  },
                  amount: f.required + topUp,
                },
              ]);
              post(openPostings(userId, 'demo', f.margin, f.openFee));
              if (topUp > 0n) post(topUpPostings(userId, 'demo', topUp));
              const held = f.margin + topUp;
              const liquidation = liquidationPrice({
                direction: o.direction,
                value: f.value,
                entry: price,
                held,
                maintenance: f.maintenance,
              });
              const sign = o.direction === 'long' ? 1n : -1n;
              const tp = o.tp === null ? null : price + (sign * price * BigInt(o.tp)) / 100n;
              const sl = o.sl === null ? null : price - (sign * price * BigInt(o.sl)) / 100n;
              const sim: Sim = {
                id,
                direction: o.direction,
                value: f.value,
                entry: price,
                held,
                closeFeeRate: rate,
                protection,
                liquidation,
              };
              open.set(id, sim);
              index.upsert({
                id,
                userId,
                book: 'demo',
                symbol: 'X/USDT',
                direction: o.direction,
                takeProfit: tp,
                stopLoss: sl !== null && sl > 0n ? sl : null,
                liquidation,
                entrySeq: t,
                value: f.value,
                entry: price,
                held,
                sim,
              });
            }
            const next = price + (price * BigInt(steps[t]!)) / 1000n;
            price = next < MONEY_UNIT / 100n ? MONEY_UNIT / 100n : next;
            for (const { position } of index.crossed('X/USDT', price, t + 1)) {
              const s = position.sim;
              const f = closeFigures({
                direction: s.direction,
                value: s.value,
                entry: s.entry,
                exit: price,
                held: s.held,
                closeFeeRate: s.closeFeeRate,
                protection: s.protection,
              });
              const { close, gap } = closePostings(s.id, 'demo', s.held, f);
              post(close);
              post(gap);
              open.delete(s.id);
              if (protection) expect(wallet(s.id)).toBeGreaterThanOrEqual(0n);
            }
            for (const s of open.values())
              if (s.liquidation !== null)
                expect(crosses(s.direction, 'liquidation', s.liquidation, price)).toBe(false);
          }
          // Conservation: every unit is somewhere; no frozen margin is left of a closed position.
          expect([...balances.values()].reduce((a, b) => a + b, 0n)).toBe(0n);
          for (let u = 1; u <= id; u++) {
            const hold = balances.get(`user:${u}/demo/contract_hold/USDT`) ?? 0n;
            expect(hold).toBe(open.has(u) ? open.get(u)!.held : 0n);
            if (protection) expect(wallet(u)).toBeGreaterThanOrEqual(0n);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
