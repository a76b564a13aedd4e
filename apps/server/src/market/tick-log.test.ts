import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../test/database';
import type { DatabaseHandle } from '../db/database';
import { pruneTicks } from '../modules/options/options.repository';
import { TickLog } from './tick-log';

let handle: DatabaseHandle;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ handle, close } = await migratedDatabase());
});
afterAll(() => close());

const log = { warn: () => undefined, error: () => undefined };
const rows = () => handle.db.selectFrom('tick_log').selectAll().orderBy('seq').execute();

describe('the tick log', () => {
  it('writes the ticks of a step together, in sequence, and says when one is stored', async () => {
    const ticks = new TickLog(handle, log);
    await ticks.start();
    const a = ticks.record('BTC/USDT', 1_000, 9_500_000_000_000n);
    const b = ticks.record('ETH/USDT', 1_000, 340_000_000_000n);
    expect([a.seq, b.seq]).toEqual([1, 2]);
    expect(ticks.last('BTC/USDT')).toBe(a);
    expect(await rows()).toEqual([]);
    await ticks.durable(b.seq);
    expect((await rows()).map((r) => [Number(r.seq), r.symbol, Number(r.time), r.price])).toEqual([
      [1, 'BTC/USDT', 1_000, 9_500_000_000_000n],
      [2, 'ETH/USDT', 1_000, 340_000_000_000n],
    ]);
    ticks.record('BTC/USDT', 1_250, 9_500_100_000_000n);
    await ticks.stop();
    expect(await rows()).toHaveLength(3);
  });

  it('continues the sequence after a restart, never reusing a number', async () => {
    const again = new TickLog(handle, log);
    await again.start();
    expect(again.record('BTC/USDT', 2_000, 1n).seq).toBe(4);
    await again.stop();
  });

  it('says when a tick could not be stored (a second log on the same table reuses a number)', async () => {
    const errors: string[] = [];
    const first = new TickLog(handle, log);
    const second = new TickLog(handle, {
      ...log,
      error: (_d: object, m: string) => errors.push(m),
    });
    await first.start();
    await second.start();
    const kept = first.record('BTC/USDT', 3_000, 2n);
    expect(await first.durable(kept.seq)).toBe(true);
    const lost = second.record('BTC/USDT', 3_000, 3n);
    expect(lost.seq).toBe(kept.seq);
    expect(await second.durable(lost.seq)).toBe(false);
    expect(errors).toEqual(['storing ticks failed']);
    const stored = await rows();
    expect(stored.filter((r) => Number(r.seq) === kept.seq).map((r) => r.price)).toEqual([2n]);
  });

  it('refuses to change a logged tick', async () => {
    await expect(
      handle.db.updateTable('tick_log').set({ price: 2n }).where('seq', '=', 1n).execute(),
    ).rejects.toThrow(/append-only/);
  });

  it('prunes ticks past the retention only', async () => {
    expect(await pruneTicks(handle.db, 1_100)).toBe(2);
    expect((await rows()).map((r) => Number(r.seq))).toEqual([3, 4, 5]);
  });
});
