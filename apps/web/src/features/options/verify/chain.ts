import {
  canonicalJson,
  formatMoney,
  GENESIS_HASH,
  optionOutcome,
  tryParseMoney,
  type SettlementRecord,
} from '@tidemark/contract';

/**
 * The public settlement record checked in the browser with nothing but the record itself: the
 * contract's RFC 8785 canonical JSON and outcome function, and Web Crypto's sha256. Nothing here
 * trusts the server's word: a record that does not hold is named with what disagrees.
 */

/** What can disagree in one record. */
export type ProblemKind =
  /** hash is not the sha256 of the record without it. */
  | 'hash'
  /** prevHash is not the hash of the record before it (64 zeros for the first). */
  | 'link'
  /** the outcome does not follow from its direction, strike and settlement. */
  | 'outcome'
  /** the payout does not follow from its stake, rates and outcome. */
  | 'payout'
  /** the settlement tick is later than the expiry. */
  | 'settleAfterExpiry'
  /** a figure is not a decimal the record format allows. */
  | 'malformed';

export interface Problem {
  kind: ProblemKind;
  /** What the browser computed. */
  expected: string;
  /** What the record says. */
  actual: string;
}

export interface RecordCheck {
  seq: number;
  /** The hash the browser computed over the record without `hash`. */
  computedHash: string;
  /** Whether its link was checked: the record before it (64 zeros for the first) was at hand. */
  linked: boolean;
  problems: Problem[];
}

export interface ChainReport {
  /** Records checked, in ascending seq. */
  checked: RecordCheck[];
  /** The lowest-seq record with a problem, or null when every record holds. */
  firstBroken: RecordCheck | null;
  /** Links that could be checked: between consecutive seqs, and the first record to genesis. */
  links: number;
}

const HEX = '0123456789abcdef';

/** Hex sha256 of a UTF-8 text, through Web Crypto (browsers and Node 20 both have it). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let out = '';
  for (const byte of new Uint8Array(digest)) out += HEX[byte >> 4]! + HEX[byte & 15]!;
  return out;
}

/** The exact bytes the hash covers: the record without `hash`, canonical JSON. */
export function recordBody(record: SettlementRecord): string {
  const { hash: _hash, ...body } = record;
  return canonicalJson(body);
}

/** The outcome and payout the record's own inputs give, or why they cannot be computed. */
export function outcomeProblems(record: SettlementRecord): Problem[] {
  const money = (v: string) => tryParseMoney(v);
  const stake = money(record.stake);
  const returnRate = money(record.returnRate);
  const lossRate = money(record.lossRate);
  const strike = record.strike ? money(record.strike.price) : null;
  const settle = record.settle ? money(record.settle.price) : null;
  const bad = (
    [
      ['stake', stake],
      ['returnRate', returnRate],
      ['lossRate', lossRate],
      ...(record.strike ? [['strike', strike] as const] : []),
      ...(record.settle ? [['settle', settle] as const] : []),
    ] as const
  ).find(([, v]) => v === null);
  if (bad) return [{ kind: 'malformed', expected: bad[0], actual: 'NaN' }];
  const expected = optionOutcome({
    direction: record.direction,
    stake: stake!,
    returnRate: returnRate!,
    lossRate: lossRate!,
    strike,
    settle,
  });
  const problems: Problem[] = [];
  if (expected.outcome !== record.outcome) {
    problems.push({ kind: 'outcome', expected: expected.outcome, actual: record.outcome });
  }
  const payout = formatMoney(expected.payout);
  if (payout !== record.payout) {
    problems.push({ kind: 'payout', expected: payout, actual: record.payout });
  }
  if (record.settle && record.settle.time > record.expiry) {
    problems.push({
      kind: 'settleAfterExpiry',
      expected: `<= ${record.expiry}`,
      actual: String(record.settle.time),
    });
  }
  return problems;
}

/**
 * Checks the records it is given (any order, any subset of the chain, as pages arrive): each hash,
 * each outcome and payout, and every link it can see (a record to the one of the seq before when
 * that one is present, the first record of the chain to 64 zeros). The first broken record is the
 * one of lowest seq, since everything after it chains to it.
 */
export async function verifyChain(records: readonly SettlementRecord[]): Promise<ChainReport> {
  const sorted = [...records].sort((a, b) => a.seq - b.seq);
  const hashes = await Promise.all(sorted.map((r) => sha256Hex(recordBody(r))));
  const checked: RecordCheck[] = [];
  let links = 0;
  sorted.forEach((record, i) => {
    const problems: Problem[] = [];
    const computedHash = hashes[i]!;
    if (computedHash !== record.hash) {
      problems.push({ kind: 'hash', expected: computedHash, actual: record.hash });
    }
    const before = i > 0 && sorted[i - 1]!.seq === record.seq - 1 ? sorted[i - 1]! : null;
    // The record's own hash field is what the next one must name; a tampered record already
    // shows as a hash problem, so the link compares what each record states.
    const previousHash = record.seq === 1 ? GENESIS_HASH : before?.hash;
    const linked = previousHash !== undefined;
    if (linked) {
      links++;
      if (record.prevHash !== previousHash) {
        problems.push({ kind: 'link', expected: previousHash, actual: record.prevHash });
      }
    }
    problems.push(...outcomeProblems(record));
    checked.push({ seq: record.seq, computedHash, linked, problems });
  });
  const firstBroken = checked.find((c) => c.problems.length > 0) ?? null;
  return { checked, firstBroken, links };
}
