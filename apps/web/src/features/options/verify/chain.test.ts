import { canonicalJson, GENESIS_HASH, type SettlementRecord } from '@tidemark/contract';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { recordBody, sha256Hex, verifyChain } from './chain';

const nodeSha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

type Body = Omit<SettlementRecord, 'hash'>;

/** A chain sealed the way the server seals it, with Node's own sha256 (not the code under test). */
function chain(count: number): SettlementRecord[] {
  const out: SettlementRecord[] = [];
  let prevHash = GENESIS_HASH;
  for (let seq = 1; seq <= count; seq++) {
    const long = seq % 2 === 1;
    const body: Body = {
      seq,
      orderId: 100 + seq,
      trader: `t${seq}`,
      book: 'demo',
      symbol: 'BTC/USDT',
      direction: long ? 'long' : 'short',
      stake: '100.00000000',
      returnRate: '0.85000000',
      lossRate: '1.00000000',
      expiry: 1_700_000_060_000 + seq,
      strike: { price: '50000.00000000', time: 1_700_000_000_000 + seq, feedSeq: seq * 10 },
      settle: { price: '50010.00000000', time: 1_700_000_059_900 + seq, feedSeq: seq * 10 + 5 },
      // Settlement above the strike: long wins 185, short loses everything.
      outcome: long ? 'win' : 'loss',
      payout: long ? '185.00000000' : '0.00000000',
      prevHash,
    };
    const hash = nodeSha(canonicalJson(body));
    out.push({ ...body, hash });
    prevHash = hash;
  }
  return out;
}

/** Seals a changed body again, as someone rewriting the record would. */
function reseal(record: SettlementRecord, change: Partial<Body>): SettlementRecord {
  const { hash: _hash, ...body } = { ...record, ...change };
  return { ...body, hash: nodeSha(canonicalJson(body)) };
}

describe('the settlement chain checked in the browser', () => {
  it('computes the same sha256 as Node over the canonical record', async () => {
    const [first] = chain(1);
    expect(await sha256Hex(recordBody(first!))).toBe(first!.hash);
    expect(await sha256Hex('')).toBe(nodeSha(''));
    expect(recordBody(first!)).not.toContain('"hash"');
  });

  it('verifies an honest chain, whatever order the pages come in', async () => {
    const records = chain(5).reverse();
    const report = await verifyChain(records);
    expect(report.firstBroken).toBeNull();
    expect(report.checked.map((c) => c.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(report.links).toBe(5);
    expect(report.checked.every((c) => c.linked)).toBe(true);
  });

  it('finds a tampered record: its hash no longer matches', async () => {
    const records = chain(4);
    records[2] = { ...records[2]!, payout: '999.00000000', outcome: 'win' };
    const report = await verifyChain(records);
    expect(report.firstBroken?.seq).toBe(3);
    const kinds = report.firstBroken!.problems.map((p) => p.kind);
    expect(kinds).toContain('hash');
    expect(report.firstBroken!.problems.find((p) => p.kind === 'hash')!.actual).toBe(
      records[2]!.hash,
    );
  });

  it('finds a broken link: a record resealed after its change no longer chains', async () => {
    const records = chain(4);
    records[1] = reseal(records[1]!, { stake: '100.00000000', trader: 'someone else' });
    const report = await verifyChain(records);
    expect(report.firstBroken?.seq).toBe(3);
    expect(report.firstBroken!.problems).toEqual([
      { kind: 'link', expected: records[1]!.hash, actual: records[2]!.prevHash },
    ]);
  });

  it('finds a first record that does not start from 64 zeros', async () => {
    const records = chain(2);
    records[0] = reseal(records[0]!, { prevHash: 'f'.repeat(64) });
    const report = await verifyChain(records);
    expect(report.firstBroken?.seq).toBe(1);
    expect(report.firstBroken!.problems[0]).toMatchObject({ kind: 'link', expected: GENESIS_HASH });
  });

  it('finds a wrong outcome even when the record hashes and chains', async () => {
    const [first] = chain(1);
    // A short that should have lost, sealed as a win with the win payout.
    const forged = reseal(first!, { direction: 'short' });
    const report = await verifyChain([forged]);
    expect(report.firstBroken?.problems).toEqual([
      { kind: 'outcome', expected: 'loss', actual: 'win' },
      { kind: 'payout', expected: '0.00000000', actual: '185.00000000' },
    ]);
  });

  it('recomputes a tie, a failed settlement and a partial loss rate', async () => {
    const [first] = chain(1);
    const tie = reseal(first!, {
      settle: { ...first!.settle!, price: '50000.00000000' },
      outcome: 'tie',
      payout: '100.00000000',
    });
    const failed = reseal(first!, { settle: null, outcome: 'failed', payout: '100.00000000' });
    const partial = reseal(first!, {
      direction: 'short',
      lossRate: '0.90000000',
      outcome: 'loss',
      payout: '10.00000000',
    });
    for (const r of [tie, failed, partial]) {
      expect((await verifyChain([r])).firstBroken).toBeNull();
    }
    const wrongTie = reseal(tie, { payout: '185.00000000' });
    expect((await verifyChain([wrongTie])).firstBroken?.problems[0]).toMatchObject({
      kind: 'payout',
      expected: '100.00000000',
    });
  });

  it('finds a settlement tick after the expiry', async () => {
    const [first] = chain(1);
    const late = reseal(first!, { settle: { ...first!.settle!, time: first!.expiry + 1 } });
    expect((await verifyChain([late])).firstBroken?.problems[0]?.kind).toBe('settleAfterExpiry');
  });

  it('checks only the links it can see in a filtered page', async () => {
    const records = chain(6).filter((r) => r.seq % 2 === 0);
    const report = await verifyChain(records);
    expect(report.firstBroken).toBeNull();
    expect(report.links).toBe(0);
    // Nothing may claim a link it did not check (the one-record view says so).
    expect(report.checked.some((c) => c.linked)).toBe(false);
  });
});
