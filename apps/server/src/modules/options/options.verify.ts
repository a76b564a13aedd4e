import { formatMoney, GENESIS_HASH } from '@tidemark/contract';
import type { Executor } from '../../db/database';
import type { Tick } from '../../market/tick-log';
import { verifyRecords, type ChainProblem, type RecordBody } from './options.engine';
import * as repo from './options.repository';

export interface VerifyReport {
  ok: boolean;
  records: number;
  /** The first record that does not hold, or null. */
  firstBroken: ChainProblem | null;
}

const CHUNK = 2_000;

/**
 * Recomputes the public chain from the database: every record's hash, its link to the one
 * before, its outcome and payout from its own inputs; that each record says what its order
 * stores; that its strike and settlement ticks are the logged ones (while the log still keeps
 * them), the settlement tick being the last logged at or before expiry, within the tolerance (a
 * failed order within it only where the log shows a blind market, given the feed's step);
 * and that the chain head names the last record. Stops at the first problem.
 */
export async function verifySettlements(
  db: Executor,
  toleranceMs: number,
  /**
   * The feed's step (MARKET_TICK_MS). Given, a failed order whose last tick before expiry is
   * within the tolerance holds when the log shows the market blind after that tick: its next tick
   * came more than a step later (or none yet), as a suspended coin logs none (issue 17).
   */
  stepMs?: number,
): Promise<VerifyReport> {
  let previous = { seq: 0, hash: GENESIS_HASH };
  let count = 0;
  const broken = (firstBroken: ChainProblem): VerifyReport => ({
    ok: false,
    records: count,
    firstBroken,
  });
  for (;;) {
    const rows = await repo.recordsFrom(db, previous.seq, CHUNK);
    if (rows.length === 0) break;
    const chunk = rows.map((r) => ({ seq: Number(r.seq), body: r.body, hash: r.hash }));
    const problem = verifyRecords(chunk, previous);
    if (problem) return broken(problem);
    // Each chunk's orders and ticks in one query each; the last tick before an expiry once per
    // symbol and expiry (orders expiring together share it).
    const records = rows.map((row) => JSON.parse(row.body) as RecordBody);
    const orders = await repo.ordersById(
      db,
      records.map((r) => r.orderId),
    );
    const ticks = await repo.ticksBySeq(
      db,
      records.flatMap((r) => [r.strike, r.settle].flatMap((t) => (t ? [t.feedSeq] : []))),
    );
    const lastBefore = new Map<string, Tick | undefined>();
    for (const [i, row] of rows.entries()) {
      const seq = Number(row.seq);
      const record = records[i]!;
      const fail = (text: string) => broken({ seq, problem: text });
      const order = orders.get(record.orderId);
      if (!order) return fail('its order does not exist');
      const stored = {
        book: order.book,
        symbol: order.symbol,
        direction: order.direction,
        stake: formatMoney(order.stake),
        returnRate: formatMoney(order.return_rate),
        lossRate: formatMoney(order.loss_rate),
        expiry: Number(order.settle_time),
        outcome: order.outcome,
        payout: order.payout === null ? null : formatMoney(order.payout),
        recordSeq: order.record_seq === null ? null : Number(order.record_seq),
      };
      const claimed = {
        book: record.book,
        symbol: record.symbol,
        direction: record.direction,
        stake: record.stake,
        returnRate: record.returnRate,
        lossRate: record.lossRate,
        expiry: record.expiry,
        outcome: record.outcome,
        payout: record.payout,
        recordSeq: seq,
      };
      for (const [field, value] of Object.entries(claimed)) {
        if (stored[field as keyof typeof stored] !== value)
          return fail(`${field} differs from its order`);
      }
      if (record.strike) {
        const tick = ticks.get(record.strike.feedSeq);
        if (
          tick &&
          (formatMoney(tick.price) !== record.strike.price || tick.time !== record.strike.time)
        )
          return fail('strike differs from the tick log');
      }
      const expiryKey = `${record.symbol}@${record.expiry}`;
      if (!lastBefore.has(expiryKey))
        lastBefore.set(expiryKey, await repo.tickAtOrBefore(db, record.symbol, record.expiry));
      const last = lastBefore.get(expiryKey);
      if (record.settle) {
        if (record.expiry - record.settle.time > toleranceMs)
          return fail('settlement tick beyond the tolerance');
        const tick = ticks.get(record.settle.feedSeq);
        if (
          tick &&
          (formatMoney(tick.price) !== record.settle.price || tick.time !== record.settle.time)
        )
          return fail('settlement differs from the tick log');
        if (tick && last && last.seq !== tick.seq)
          return fail('settlement tick is not the last logged at or before expiry');
      } else if (record.strike && last && record.expiry - last.time <= toleranceMs) {
        const next =
          stepMs === undefined ? undefined : await repo.tickAfter(db, record.symbol, last.seq);
        const blind = stepMs !== undefined && (!next || next.time - last.time > stepMs);
        if (!blind) return fail('failed although a tick within the tolerance is logged');
      }
      count++;
    }
    const tail = rows[rows.length - 1]!;
    previous = { seq: Number(tail.seq), hash: tail.hash };
  }
  const head = await db
    .selectFrom('option_chain')
    .select(['seq', 'hash'])
    .where('id', '=', 1n)
    .executeTakeFirst();
  if (head && (Number(head.seq) !== previous.seq || head.hash !== previous.hash))
    return broken({
      seq: Number(head.seq),
      problem: 'the chain head does not name the last record',
    });
  return { ok: true, records: count, firstBroken: null };
}
