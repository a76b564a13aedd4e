import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../test/database';
import type { DatabaseHandle, Trx } from './database';
import { GroupCommitter } from './group-commit';

let handle: DatabaseHandle;
let close: () => Promise<void>;
let writer: GroupCommitter;

beforeAll(async () => {
  ({ handle, close } = await migratedDatabase());
  writer = new GroupCommitter(handle);
});
afterAll(() => close());

let n = 0;
/** A write any unit can make: one config row. */
async function write(trx: Trx, key: string): Promise<void> {
  await trx
    .insertInto('app_config')
    .values({ key, value: 'x', is_public: 0n, updated_at: 0n })
    .execute();
}

describe('afterCommit', () => {
  it('calls back once per committed unit, never for one that failed', async () => {
    const called: string[] = [];
    const unit = (name: string, fail: 'no' | 'before-write' | 'after-write') =>
      writer.run(async (trx) => {
        writer.afterCommit(trx, () => called.push(name));
        if (fail === 'before-write') throw new Error(`${name} refused`);
        await write(trx, `gc-${name}-${++n}`);
        if (fail === 'after-write') throw new Error(`${name} failed`);
        return name;
      });
    // Together in one turn: on SQLite they share a batch, and the dirty failure makes the
    // committer roll it back and run each unit again on its own.
    const results = await Promise.allSettled([
      unit('a', 'no'),
      unit('b', 'before-write'),
      unit('c', 'no'),
      unit('d', 'after-write'),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
    ]);
    expect(called.sort()).toEqual(['a', 'c']);

    // Without a dirty failure the batch commits as one: the unit that refused is still left out.
    called.length = 0;
    const clean = await Promise.allSettled([
      unit('e', 'no'),
      unit('f', 'before-write'),
      unit('g', 'no'),
    ]);
    expect(clean.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(called.sort()).toEqual(['e', 'g']);
  });

  it('calls back only after the commit is visible to other readers', async () => {
    const key = `gc-visible-${++n}`;
    let seen: unknown = 'not called';
    const visible = new Promise<void>((resolve) => {
      void writer.run(async (trx) => {
        await write(trx, key);
        writer.afterCommit(trx, () => {
          void handle.db
            .selectFrom('app_config')
            .select('key')
            .where('key', '=', key)
            .executeTakeFirst()
            .then((row) => {
              seen = row?.key;
              resolve();
            });
        });
      });
    });
    await visible;
    expect(seen).toBe(key);
  });
});

describe('runInOrder', () => {
  it('commits in the order of the calls, shares commits between units that wait, and fails a unit alone', async () => {
    const commits: number[] = [];
    const ordered = new GroupCommitter(handle);
    ordered.observeCommits((units) => commits.push(units));
    const order: string[] = [];
    const called: string[] = [];
    const unit = (name: string, fail: 'no' | 'before-write' | 'after-write') =>
      ordered.runInOrder(async (trx) => {
        ordered.afterCommit(trx, () => called.push(name));
        if (fail === 'before-write') throw new Error(`${name} refused`);
        await write(trx, `gc-ordered-${name}-${++n}`);
        if (fail === 'after-write') throw new Error(`${name} failed`);
        order.push(name);
        return name;
      });
    const names = Array.from({ length: 40 }, (_, i) => `u${String(i).padStart(2, '0')}`);
    const results = await Promise.all(names.map((name) => unit(name, 'no')));
    expect(results).toEqual(names);
    expect(order.slice(-40)).toEqual(names);
    expect(called).toEqual(names);
    // Units that queue together commit together (on SQLite as in every run; on PostgreSQL too).
    expect(commits.length).toBeLessThan(names.length);
    expect(commits.reduce((a, b) => a + b, 0)).toBe(names.length);

    called.length = 0;
    const mixed = await Promise.allSettled([
      unit('p', 'no'),
      unit('q', 'after-write'),
      unit('r', 'before-write'),
      unit('s', 'no'),
    ]);
    expect(mixed.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(called).toEqual(['p', 's']);
    const kept = await handle.db
      .selectFrom('app_config')
      .select('key')
      .where('key', 'like', 'gc-ordered-%')
      .execute();
    expect(kept.some((row) => row.key.startsWith('gc-ordered-q-'))).toBe(false);
    expect(kept.filter((row) => /^gc-ordered-[ps]-/.test(row.key))).toHaveLength(2);
  });
});

describe('a burst', () => {
  it('commits in batches that overlap the log flush, answering each unit once its batch is durable', async () => {
    const burst = new GroupCommitter(handle);
    const batches: number[] = [];
    burst.observeCommits((units) => batches.push(units));
    const names = Array.from({ length: 200 }, (_, i) => `gc-burst-${i}-${++n}`);
    const committedSoFar = () => batches.reduce((sum, units) => sum + units, 0);
    let answered = 0;
    const lagging: number[] = [];
    await Promise.all(
      names.map((name) =>
        burst
          .run((trx) => write(trx, name))
          .then(() => {
            // Answered only after its batch committed and was counted, never before.
            answered += 1;
            if (committedSoFar() < answered) lagging.push(answered);
          }),
      ),
    );
    expect(lagging).toEqual([]);
    expect(batches.reduce((sum, units) => sum + units, 0)).toBe(200);
    const rows = await handle.db
      .selectFrom('app_config')
      .select('key')
      .where('key', 'in', names)
      .execute();
    expect(rows).toHaveLength(200);
    if (handle.dialect === 'sqlite') {
      // Nothing was being flushed: the first batch took half, the rest ran while it flushed.
      expect(batches[0]).toBe(100);
      expect(batches.length).toBeGreaterThan(1);
    }
  });
});
