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
