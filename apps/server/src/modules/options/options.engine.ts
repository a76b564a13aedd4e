import { hash } from 'node:crypto';
import {
  canonicalJson,
  formatMoney,
  GENESIS_HASH,
  optionOutcome,
  parseMoney,
  worstPayout,
  type OptionDirection,
  type OptionOutcome,
  type OptionTick,
  type SettlementRecord,
} from '@tidemark/contract';

/**
 * The option engine: pure arithmetic and hashing, no I/O. The outcome itself is the contract's
 * optionOutcome (the public verify page runs the same code); here are the pool's cover rule, the
 * settlement record and its hash chain.
 */
export { optionOutcome, worstPayout };

/**
 * The pool takes an order only when it could pay the worst case of every open order and this one:
 * its balance after receiving this stake covers all their win payouts.
 */
export function poolCovers(input: {
  poolBalance: bigint;
  openWorstCase: bigint;
  stake: bigint;
  worstCase: bigint;
}): boolean {
  return input.poolBalance + input.stake >= input.openWorstCase + input.worstCase;
}

export type RecordBody = Omit<SettlementRecord, 'hash'>;

export function sha256Hex(text: string): string {
  // The one-shot form (Node 20.12+; engines asks 20.19): no Hash object per record.
  return hash('sha256', text, 'hex');
}

/** hash = hex sha256 of the record without `hash`, in RFC 8785 canonical JSON. */
export function sealRecord(body: RecordBody): { body: string; hash: string } {
  const text = recordJson(body);
  return { body: text, hash: sha256Hex(text) };
}

/** Printable ASCII but `"` and `\\`: JSON writes such a string as it is, in quotes. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const text = (v: string) => (PLAIN.test(v) ? `"${v}"` : JSON.stringify(v));
const int = (v: number) => {
  if (!Number.isSafeInteger(v)) throw new Error(`not a safe integer: ${v}`);
  return `${v}`;
};
const sourcesJson = (sources: OptionTick['sources']) =>
  sources === undefined
    ? ''
    : `"sources":[${sources
        .map((s) => `{"name":${text(s.name)},"price":${text(s.price)},"time":${int(s.time)}}`)
        .join(',')}],`;
/** A tick in canonical key order; `sources` only when the tick had them (old records have none). */
const tickJson = (t: RecordBody['strike']) =>
  t === null
    ? 'null'
    : `{"feedSeq":${int(t.feedSeq)},"price":${text(t.price)},${sourcesJson(t.sources)}"time":${int(t.time)}}`;
/**
 * The last ticks written, by feed sequence number: the orders of a burst share their ticks, and
 * a tick's JSON is written once (reused only for the same price, time and no sources).
 */
const tickTexts = new Map<number, { price: string; time: number; json: string }>();
const TICK_TEXTS = 64;
function tickText(t: RecordBody['strike']): string {
  if (t === null || t.sources !== undefined) return tickJson(t);
  const known = tickTexts.get(t.feedSeq);
  if (known && known.price === t.price && known.time === t.time) return known.json;
  const json = tickJson(t);
  if (tickTexts.size >= TICK_TEXTS) tickTexts.clear();
  tickTexts.set(t.feedSeq, { price: t.price, time: t.time, json });
  return json;
}

/**
 * canonicalJson of a record, written out with its keys in their canonical order: the same bytes
 * (the engine's tests check it), without sorting keys on every settlement of a burst.
 */
export function recordJson(b: RecordBody): string {
  return (
    `{"book":${text(b.book)},"direction":${text(b.direction)},"expiry":${int(b.expiry)},` +
    `"lossRate":${text(b.lossRate)},"orderId":${int(b.orderId)},"outcome":${text(b.outcome)},` +
    `"payout":${text(b.payout)},"prevHash":${text(b.prevHash)},"returnRate":${text(b.returnRate)},` +
    `"seq":${int(b.seq)},"settle":${tickText(b.settle)},"stake":${text(b.stake)},` +
    `"strike":${tickText(b.strike)},"symbol":${text(b.symbol)},"trader":${text(b.trader)}}`
  );
}

/** A trader's pseudonym in the public record: not reversible without the user's own salt. */
export function pseudonym(salt: string, userId: number): string {
  return sha256Hex(`${salt}:${userId}`).slice(0, 32);
}

interface SettlementInputs {
  direction: OptionDirection;
  stake: bigint;
  returnRate: bigint;
  lossRate: bigint;
  expiry: number;
  strike: { price: bigint; time: number; seq: number } | null;
  /** The last tick at or before expiry, or null when none was within the tolerance. */
  settle: { price: bigint; time: number; seq: number } | null;
}

/** Picks the settlement tick: the last at or before expiry, if it is within `toleranceMs`. */
export function settlementTick<T extends { time: number }>(
  lastAtOrBefore: T | undefined,
  expiry: number,
  toleranceMs: number,
): T | null {
  if (!lastAtOrBefore || lastAtOrBefore.time > expiry) return null;
  return expiry - lastAtOrBefore.time <= toleranceMs ? lastAtOrBefore : null;
}

/** A tick as the record and the orders show it; a live tick's sources with it. */
export function tickOf(
  t: {
    price: bigint;
    time: number;
    seq: number;
    sources?: readonly { name: string; price: bigint; time: number }[] | undefined;
  } | null,
): OptionTick | null {
  if (!t) return null;
  const shown: OptionTick = { price: formatMoney(t.price), time: t.time, feedSeq: t.seq };
  if (t.sources)
    shown.sources = t.sources.map((s) => ({
      name: s.name,
      price: formatMoney(s.price),
      time: s.time,
    }));
  return shown;
}

/** What one order's settlement decides: outcome and payout from its stored inputs. */
export function settle(inputs: SettlementInputs): { outcome: OptionOutcome; payout: bigint } {
  return optionOutcome({
    direction: inputs.direction,
    stake: inputs.stake,
    returnRate: inputs.returnRate,
    lossRate: inputs.lossRate,
    strike: inputs.strike?.price ?? null,
    settle: inputs.settle?.price ?? null,
  });
}

export interface ChainProblem {
  seq: number;
  problem: string;
}

/**
 * Checks a run of records in order: each body hashes to its hash, chains to the one before, is
 * canonical, and its outcome and payout recompute from its own inputs. Answers the first problem,
 * or null when all hold. `previous` is the hash the first record must chain to.
 */
export function verifyRecords(
  records: readonly { seq: number; body: string; hash: string }[],
  previous: { seq: number; hash: string } = { seq: 0, hash: GENESIS_HASH },
): ChainProblem | null {
  let prev = previous;
  for (const record of records) {
    const fail = (problem: string) => ({ seq: record.seq, problem });
    if (record.seq !== prev.seq + 1) return fail(`sequence gap after ${prev.seq}`);
    if (sha256Hex(record.body) !== record.hash) return fail('hash does not match the record');
    let parsed: RecordBody;
    try {
      parsed = JSON.parse(record.body) as RecordBody;
    } catch {
      return fail('record is not JSON');
    }
    if (canonicalJson(parsed) !== record.body) return fail('record is not canonical JSON');
    if (parsed.seq !== record.seq) return fail('record seq differs from its position');
    if (parsed.prevHash !== prev.hash) return fail('prevHash does not chain');
    const problem = outcomeProblem(parsed);
    if (problem) return fail(problem);
    prev = { seq: record.seq, hash: record.hash };
  }
  return null;
}

/** Whether a record's outcome and payout follow from its own stake, rates and ticks. */
function outcomeProblem(record: RecordBody): string | null {
  const money = (v: string) => parseMoney(v);
  const expected = optionOutcome({
    direction: record.direction,
    stake: money(record.stake),
    returnRate: money(record.returnRate),
    lossRate: money(record.lossRate),
    strike: record.strike ? money(record.strike.price) : null,
    settle: record.settle ? money(record.settle.price) : null,
  });
  if (expected.outcome !== record.outcome) return `outcome should be ${expected.outcome}`;
  if (formatMoney(expected.payout) !== record.payout)
    return `payout should be ${formatMoney(expected.payout)}`;
  if (record.settle && record.settle.time > record.expiry) return 'settlement tick is after expiry';
  return null;
}
