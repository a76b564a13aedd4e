import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './database';
import { WalSync } from './wal-sync';

/** A WalSync whose flushes finish when the test says so, counted. */
class HeldFlushes extends WalSync {
  flushes: (() => void)[] = [];
  protected override flush(): Promise<void> {
    return new Promise((resolve) => this.flushes.push(resolve));
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('WalSync', () => {
  it('answers each request after a flush that began after it, sharing flushes', async () => {
    const wal = new HeldFlushes('unused');
    const done: string[] = [];
    const first = wal.request().then(() => done.push('first'));
    await tick();
    expect(wal.flushes).toHaveLength(1);
    // Both arrive while the first flush runs: that flush may have missed their writes.
    const second = wal.request().then(() => done.push('second'));
    const third = wal.request().then(() => done.push('third'));
    await tick();
    expect(wal.flushes).toHaveLength(1);
    wal.flushes[0]!();
    await first;
    await tick();
    expect(done).toEqual(['first']);
    // One more flush for both.
    expect(wal.flushes).toHaveLength(2);
    wal.flushes[1]!();
    await Promise.all([second, third]);
    expect(done).toEqual(['first', 'second', 'third']);
    expect(wal.flushes).toHaveLength(2);
  });

  it('flushes the log file when there is one, and nothing when there is none', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-wal-'));
    try {
      const file = path.join(dir, 'log');
      const wal = new WalSync(file);
      await wal.request();
      fs.writeFileSync(file, 'frames');
      const probe = await fs.promises.open(file, 'r');
      const fileHandle = Object.getPrototypeOf(probe) as { datasync(): Promise<void> };
      await probe.close();
      const datasync = vi.spyOn(fileHandle, 'datasync');
      await wal.request();
      expect(datasync).toHaveBeenCalledTimes(1);
      datasync.mockRestore();
      await wal.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the SQLite connection', () => {
  let dir: string | undefined;
  afterEach(() => {
    vi.restoreAllMocks();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers a commit only after the log was flushed, in a transaction or alone', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-wal-'));
    const events: string[] = [];
    const request = WalSync.prototype.request;
    vi.spyOn(WalSync.prototype, 'request').mockImplementation(function (this: WalSync) {
      events.push('flush asked');
      return request.call(this).then(() => void events.push('flushed'));
    });
    const handle = openDatabase({ databaseUrl: undefined, dataDir: dir });
    try {
      await sql`create table t (v integer)`.execute(handle.db);
      events.length = 0;
      await handle.db
        .transaction()
        .execute((trx) => sql`insert into t (v) values (1)`.execute(trx));
      events.push('answered');
      await sql`insert into t (v) values (2)`.execute(handle.db);
      events.push('answered');
      // A read commits nothing and waits for no flush.
      await sql`select count(*) from t`.execute(handle.db);
      events.push('read');
      expect(events).toEqual([
        'flush asked',
        'flushed',
        'answered',
        'flush asked',
        'flushed',
        'answered',
        'read',
      ]);
      // SQLite itself does not flush on the main thread; the log is flushed as above.
      const [mode] = handle.sqlite!.pragma('synchronous') as { synchronous: bigint }[];
      expect(Number(mode!.synchronous)).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
