import { canonicalJson, formatMoney, GENESIS_HASH, MONEY_UNIT } from '@tidemark/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  optionOutcome,
  poolCovers,
  pseudonym,
  recordJson,
  sealRecord,
  settlementTick,
  sha256Hex,
  verifyRecords,
  worstPayout,
  type RecordBody,
} from './options.engine';

const usdt = (n: number | string) => BigInt(Math.round(Number(n) * 1e8));
const rate = (n: number) => BigInt(Math.round(n * 1e8));

describe('optionOutcome', () => {
  const base = { stake: usdt(100), returnRate: rate(0.85), lossRate: rate(1) };
  it('long wins above the strike, short below', () => {
    expect(optionOutcome({ ...base, direction: 'long', strike: 10n, settle: 11n })).toEqual({
      outcome: 'win',
      payout: usdt(185),
    });
    expect(optionOutcome({ ...base, direction: 'short', strike: 10n, settle: 9n })).toEqual({
      outcome: 'win',
      payout: usdt(185),
    });
  });
  it('a loss forfeits stake x lossRate and refunds the rest', () => {
    expect(optionOutcome({ ...base, direction: 'long', strike: 10n, settle: 9n })).toEqual({
      outcome: 'loss',
      payout: 0n,
    });
    const partial = { ...base, lossRate: rate(0.8) };
    expect(optionOutcome({ ...partial, direction: 'short', strike: 10n, settle: 11n })).toEqual({
      outcome: 'loss',
      payout: usdt(20),
    });
  });
  it('equal prices tie and refund the stake; no tick fails and refunds it', () => {
    expect(optionOutcome({ ...base, direction: 'long', strike: 10n, settle: 10n })).toEqual({
      outcome: 'tie',
      payout: usdt(100),
    });
    expect(optionOutcome({ ...base, direction: 'short', strike: 10n, settle: null })).toEqual({
      outcome: 'failed',
      payout: usdt(100),
    });
  });
  it('rounds in the trader’s favour by less than one unit', () => {
    const odd = { stake: 3n, returnRate: rate(0.5), lossRate: rate(0.5) };
    expect(optionOutcome({ ...odd, direction: 'long', strike: 1n, settle: 2n }).payout).toBe(5n);
    expect(optionOutcome({ ...odd, direction: 'long', strike: 2n, settle: 1n }).payout).toBe(2n);
  });
  it('never pays more than the worst case, never less than the stake minus the loss rate', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 16n }),
        fc.bigInt({ min: 0n, max: 2n * MONEY_UNIT }),
        fc.bigInt({ min: 0n, max: MONEY_UNIT }),
        fc.constantFrom('long' as const, 'short' as const),
        fc.option(fc.bigInt({ min: 1n, max: 10n ** 14n }), { nil: null }),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        (stake, returnRate, lossRate, direction, settle, strike) => {
          const { outcome, payout } = optionOutcome({
            stake,
            returnRate,
            lossRate,
            direction,
            strike,
            settle,
          });
          expect(payout).toBeLessThanOrEqual(worstPayout(stake, returnRate));
          expect(payout).toBeGreaterThanOrEqual(0n);
          if (outcome === 'tie' || outcome === 'failed') expect(payout).toBe(stake);
          if (outcome === 'win') expect(payout).toBeGreaterThanOrEqual(stake);
          if (outcome === 'loss') expect(payout).toBeLessThanOrEqual(stake);
        },
      ),
    );
  });
});

describe('poolCovers', () => {
  it('takes an order only when the pool could pay every open worst case and this one', () => {
    const order = { stake: usdt(100), worstCase: usdt(185) };
    expect(poolCovers({ poolBalance: usdt(85), openWorstCase: 0n, ...order })).toBe(true);
    expect(poolCovers({ poolBalance: usdt(84.99), openWorstCase: 0n, ...order })).toBe(false);
    expect(poolCovers({ poolBalance: usdt(1000), openWorstCase: usdt(915), ...order })).toBe(true);
    expect(poolCovers({ poolBalance: usdt(1000), openWorstCase: usdt(916), ...order })).toBe(false);
  });
  it('a pool that accepted only covered orders can pay any outcome of them (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.array(
          fc.record({
            stake: fc.bigInt({ min: 1n, max: 10n ** 11n }),
            returnRate: fc.bigInt({ min: 0n, max: MONEY_UNIT }),
            win: fc.boolean(),
          }),
          { maxLength: 40 },
        ),
        (funding, orders) => {
          let pool = funding;
          let open = 0n;
          const accepted: { stake: bigint; returnRate: bigint; win: boolean }[] = [];
          for (const o of orders) {
            const worstCase = worstPayout(o.stake, o.returnRate);
            if (!poolCovers({ poolBalance: pool, openWorstCase: open, stake: o.stake, worstCase }))
              continue;
            pool += o.stake;
            open += worstCase;
            accepted.push(o);
          }
          for (const o of accepted) pool -= o.win ? worstPayout(o.stake, o.returnRate) : 0n;
          expect(pool).toBeGreaterThanOrEqual(0n);
        },
      ),
    );
  });
});

describe('settlementTick', () => {
  it('is the last tick at or before expiry, within the tolerance', () => {
    expect(settlementTick({ time: 1000 }, 1000, 500)).toEqual({ time: 1000 });
    expect(settlementTick({ time: 500 }, 1000, 500)).toEqual({ time: 500 });
    expect(settlementTick({ time: 499 }, 1000, 500)).toBeNull();
    expect(settlementTick({ time: 1001 }, 1000, 500)).toBeNull();
    expect(settlementTick(undefined, 1000, 500)).toBeNull();
  });
});

function body(seq: number, prevHash: string, over: Partial<RecordBody> = {}): RecordBody {
  return {
    seq,
    orderId: seq,
    trader: pseudonym('salt', 7),
    book: 'demo',
    symbol: 'BTC/USDT',
    direction: 'long',
    stake: '100.00000000',
    returnRate: '0.85000000',
    lossRate: '1.00000000',
    expiry: 60_000,
    strike: { price: '10.00000000', time: 0, feedSeq: 1 },
    settle: { price: '11.00000000', time: 59_900, feedSeq: 2 },
    outcome: 'win',
    payout: '185.00000000',
    prevHash,
    ...over,
  };
}

function chain(n: number) {
  const out: { seq: number; body: string; hash: string }[] = [];
  let prev = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const sealed = sealRecord(body(seq, prev));
    out.push({ seq, ...sealed });
    prev = sealed.hash;
  }
  return out;
}

describe('the record chain', () => {
  it('hashes the canonical JSON of the record without its hash', () => {
    const sealed = sealRecord(body(1, GENESIS_HASH));
    expect(sealed.body.startsWith('{"book":"demo","direction":"long","expiry":60000,')).toBe(true);
    expect(sealed.body).not.toMatch(/\s"|":\s/);
    expect(sealed.hash).toBe(sha256Hex(sealed.body));
    expect(sealed.hash).toMatch(/^[0-9a-f]{64}$/);
  });
  it('writes a record exactly as canonicalJson does, ticks or none (property)', () => {
    const tick = fc.option(
      fc.record({
        price: fc.bigInt({ min: 0n, max: 10n ** 15n }).map((v) => formatMoney(v)),
        time: fc.integer({ min: 0, max: 2 ** 45 }),
        feedSeq: fc.integer({ min: 1, max: 2 ** 40 }),
      }),
      { nil: null },
    );
    fc.assert(
      fc.property(tick, tick, fc.string(), fc.nat(), (strike, settle, symbol, seq) => {
        const b = body(seq + 1, GENESIS_HASH, { strike, settle, symbol });
        expect(recordJson(b)).toBe(canonicalJson(b));
      }),
    );
  });
  it('writes ticks that share a feed sequence number but not their price or time anew (property)', () => {
    // recordJson keeps the last ticks' JSON by feed sequence number: a reuse must be exact.
    const tick = fc.option(
      fc.record({
        price: fc.constantFrom('1.00000000', '2.00000000'),
        time: fc.integer({ min: 0, max: 2 }),
        feedSeq: fc.integer({ min: 1, max: 2 }),
      }),
      { nil: null },
    );
    fc.assert(
      fc.property(tick, tick, (strike, settle) => {
        const b = body(1, GENESIS_HASH, { strike, settle });
        expect(recordJson(b)).toBe(canonicalJson(b));
      }),
      { numRuns: 300 },
    );
  });
  it('writes a live tick’s sources in canonical order, exactly as canonicalJson (property)', () => {
    const source = fc.record({
      name: fc.string(),
      price: fc.bigInt({ min: 0n, max: 10n ** 15n }).map((v) => formatMoney(v)),
      time: fc.integer({ min: 0, max: 2 ** 45 }),
    });
    const tick = fc.record({
      price: fc.bigInt({ min: 0n, max: 10n ** 15n }).map((v) => formatMoney(v)),
      time: fc.integer({ min: 0, max: 2 ** 45 }),
      feedSeq: fc.integer({ min: 1, max: 2 ** 40 }),
      sources: fc.array(source, { maxLength: 4 }),
    });
    fc.assert(
      fc.property(tick, fc.option(tick, { nil: null }), (strike, settle) => {
        const b = body(1, GENESIS_HASH, { strike, settle });
        expect(recordJson(b)).toBe(canonicalJson(b));
      }),
    );
    const sealed = sealRecord(
      body(1, GENESIS_HASH, {
        settle: {
          price: '11.00000000',
          time: 59_900,
          feedSeq: 2,
          sources: [{ name: 'okx', price: '11.00000000', time: 59_800 }],
        },
      }),
    );
    expect(sealed.body).toContain(
      '"settle":{"feedSeq":2,"price":"11.00000000","sources":[{"name":"okx","price":"11.00000000","time":59800}],"time":59900}',
    );
    expect(verifyRecords([{ seq: 1, ...sealed }])).toBeNull();
  });
  it('keeps a record without sources byte for byte as before (old records still verify)', () => {
    const sealed = sealRecord(body(1, GENESIS_HASH));
    expect(sealed.body).toContain('"settle":{"feedSeq":2,"price":"11.00000000","time":59900}');
    expect(sealed.body).not.toContain('sources');
  });
  it('verifies a sound chain and names the first broken record', () => {
    const records = chain(5);
    expect(verifyRecords(records)).toBeNull();
    const tampered = records.map((r) => ({ ...r }));
    tampered[2]!.body = tampered[2]!.body.replace('185.00000000', '186.00000000');
    expect(verifyRecords(tampered)).toMatchObject({ seq: 3 });
    const resealed = records.map((r) => ({ ...r }));
    const forged = sealRecord(body(3, records[1]!.hash, { payout: '186.00000000' }));
    resealed[2] = { seq: 3, ...forged };
    expect(verifyRecords(resealed)).toEqual({ seq: 3, problem: 'payout should be 185.00000000' });
    const dropped = [records[0]!, records[2]!];
    expect(verifyRecords(dropped)).toMatchObject({ seq: 3 });
  });
  it('any single changed character breaks the chain (property)', () => {
    const records = chain(4);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.nat(), (which, at) => {
        const copy = records.map((r) => ({ ...r }));
        const text = copy[which]!.body;
        const i = at % text.length;
        const replaced = text[i] === 'x' ? 'y' : 'x';
        copy[which]!.body = text.slice(0, i) + replaced + text.slice(i + 1);
        expect(verifyRecords(copy)).not.toBeNull();
      }),
    );
  });
  it('canonical JSON sorts keys and refuses what other languages would print differently', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'é\n'] })).toBe('{"a":[true,null,"é\\n"],"b":1}');
    expect(() => canonicalJson({ a: 0.5 })).toThrow();
    expect(() => canonicalJson({ a: 1n })).toThrow();
    expect(formatMoney(usdt(1))).toBe('1.00000000');
  });
});
