import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

/**
 * Makes SQLite's write-ahead log durable off the main thread.
 *
 * With `synchronous=FULL` SQLite calls fsync on the log inside COMMIT, and better-sqlite3 runs
 * COMMIT on the JavaScript thread: while the disk flushes, the process parses no request, checks
 * no order and matches nothing (a third of the order path's time in the profile, docs/performance.md).
 * So the connection runs at `synchronous=NORMAL`, where COMMIT writes the log without flushing
 * it (SQLite still flushes it before every checkpoint, so the database file never gets ahead of
 * the log), and after each commit this flushes the log in libuv's thread pool; the committing
 * caller is answered only once that flush, begun after its COMMIT, has finished. Every commit
 * answered is as durable as under FULL; meanwhile the next transaction may already run.
 *
 * Commits that arrive while a flush is running share the next one (group commit of flushes).
 */
export class WalSync {
  private handle: FileHandle | null = null;
  private inode = -1;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(
    /** The log: the database file's name followed by -wal. */
    private readonly file: string,
  ) {}

  /** Resolves once a flush that began after this call has finished. */
  request(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.running) return this.start();
    const queued = this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.start();
      });
    this.queued = queued;
    return queued;
  }

  private start(): Promise<void> {
    const running = this.flush().finally(() => {
      if (this.running === running) this.running = null;
    });
    this.running = running;
    return running;
  }

  protected async flush(): Promise<void> {
    // SQLite keeps the log's file while the connection is open, but reopen it should it ever be
    // a new one (the same name, another inode), so the flush never misses the writes.
    const stat = fs.statSync(this.file, { throwIfNoEntry: false });
    if (!stat) return;
    if (!this.handle || stat.ino !== this.inode) {
      await this.handle?.close();
      this.handle = await fs.promises.open(this.file, 'r');
      this.inode = stat.ino;
    }
    await this.handle.datasync();
  }

  async close(): Promise<void> {
    await this.running?.catch(() => undefined);
    await this.queued?.catch(() => undefined);
    await this.handle?.close();
    this.handle = null;
  }
}
