import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { embeddedLeases, StaleLeaseError, type Lease } from '../cluster/lease';
import type { DatabaseHandle, Trx } from '../db/database';
import { GroupCommitter } from '../db/group-commit';
import { migratedDatabase } from '../test/database';
import { JobLoop } from './job-loop';

let handle: DatabaseHandle;
let close: () => Promise<void>;
let writer: GroupCommitter;

beforeAll(async () => {
  ({ handle, close } = await migratedDatabase());
  writer = new GroupCommitter(handle);
});
afterAll(() => close());

const write = (trx: Trx, key: string) =>
  trx.insertInto('app_config').values({ key, value: 'x', is_public: 0n, updated_at: 0n }).execute();
const stored = async (key: string) =>
  (await handle.db.selectFrom('app_config').select('key').where('key', '=', key).execute()).length;

/** A lease this process believes it holds; `current` says whether its token is still the newest. */
function lease(current: () => boolean, fenced: string[]): Lease {
  return {
    role: 'job:test',
    held: () => true,
    token: () => 7n,
    lastToken: () => 7n,
    async fence() {
      fenced.push('fence');
      if (!current()) throw new StaleLeaseError('job:test', 7n);
    },
  };
}

describe('a job pass with a lease', () => {
  it('fences every unit the pass writes, however deep; a stale lease commits nothing and the loop logs it', async () => {
    const errors: unknown[] = [];
    const fenced: string[] = [];
    let current = true;
    let n = 0;
    const keys: string[] = [];
    const loop = new JobLoop(
      { error: (e: unknown) => errors.push(e) },
      60_000,
      'test pass failed',
      async () => {
        const key = `job-fenced-${++n}`;
        keys.push(key);
        // Deep in the job's code, in order and not: both are fenced.
        await writer.run((trx) => write(trx, key));
        await writer.runInOrder((trx) => write(trx, `${key}-ordered`));
      },
    );
    loop.start(
      false,
      lease(() => current, fenced),
    );
    await loop.pass();
    expect(fenced).toHaveLength(2);
    expect(await stored(keys[0]!)).toBe(1);
    expect(await stored(`${keys[0]!}-ordered`)).toBe(1);
    expect(errors).toEqual([]);

    current = false;
    await loop.pass();
    expect(await stored(keys[1]!)).toBe(0);
    expect(errors).toHaveLength(1);
    await loop.stop();

    // Outside a pass, the same committer fences nothing.
    fenced.length = 0;
    await writer.run((trx) => write(trx, 'job-unfenced'));
    expect(fenced).toEqual([]);
    expect(await stored('job-unfenced')).toBe(1);
  });

  it('without a lease (embedded) a pass writes unfenced', async () => {
    const loop = new JobLoop({ error: () => undefined }, 60_000, 'test pass failed', async () => {
      await writer.run((trx) => write(trx, 'job-embedded'));
    });
    loop.start();
    await loop.pass();
    await loop.stop();
    expect(await stored('job-embedded')).toBe(1);
  });

  it("with the embedded mode's lease a pass writes unfenced and opens no async context", async () => {
    // An AsyncLocalStorage run switches on promise hooks for the whole process: every request's
    // promises would pay for a fence that cannot refuse.
    const contexts = vi.spyOn(AsyncLocalStorage.prototype, 'run');
    try {
      const loop = new JobLoop({ error: () => undefined }, 60_000, 'test pass failed', async () => {
        await writer.run((trx) => write(trx, 'job-embedded-lease'));
      });
      loop.start(false, embeddedLeases().lease('job:test'));
      await loop.pass();
      await loop.stop();
      expect(await stored('job-embedded-lease')).toBe(1);
      expect(contexts).not.toHaveBeenCalled();
      // A lease that can refuse still gets its context (and its fence).
      const fenced: string[] = [];
      const scaled = new JobLoop(
        { error: () => undefined },
        60_000,
        'test pass failed',
        async () => {
          await writer.run((trx) => write(trx, 'job-scaled-lease'));
        },
      );
      scaled.start(
        false,
        lease(() => true, fenced),
      );
      await scaled.pass();
      await scaled.stop();
      expect(contexts).toHaveBeenCalledTimes(1);
      expect(fenced).toEqual(['fence']);
    } finally {
      contexts.mockRestore();
    }
  });
});
