import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * Checkpoints SQLite's write-ahead log off the JavaScript thread.
 *
 * SQLite copies the log's pages into the database file (a checkpoint) once the log passes
 * `wal_autocheckpoint` pages, inside the COMMIT that passed it: on the JavaScript thread, with a
 * flush of the log and one of the database file. A settlement of 5,000 option orders wrote past
 * that mark at every commit, and COMMIT took three times as long (docs/performance.md). So the
 * connection runs with `wal_autocheckpoint=0`, and a worker thread with a connection of its own
 * runs PASSIVE checkpoints (they copy what no reader still needs, never wait for the writer and
 * never make it wait) shortly after commits, at most every CHECKPOINT_EVERY_MS.
 *
 * A PASSIVE checkpoint running beside a writer that never pauses never catches up with the log's
 * end, and the log starts again from its beginning only after a checkpoint that did. So when the
 * log passes LOG_LIMIT pages, the committing thread checkpoints the rest itself right after a
 * commit (little is left to copy by then), and the next write starts the log again;
 * `journal_size_limit` then gives the file's space back. Durability is SQLite's own: with
 * `synchronous=NORMAL` a checkpoint flushes the log before it copies and the database file after.
 */
export class Checkpointer {
  private readonly state = new Int32Array(new SharedArrayBuffer(4 * SLOTS));
  private readonly worker: Worker;
  private readonly exited: Promise<void>;
  private stopped = false;
  /** The worker's last error, kept for whoever asks (a checkpoint that fails is tried again). */
  lastError: string | null = null;

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    file: string,
  ) {
    sqlite.pragma('wal_autocheckpoint = 0');
    sqlite.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT}`);
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver, file, state: this.state.buffer, every: CHECKPOINT_EVERY_MS },
    });
    this.worker.unref();
    this.worker.on('message', (message: { error?: string }) => {
      if (message.error) this.lastError = message.error;
    });
    this.exited = new Promise((resolve) => {
      this.worker.once('exit', () => resolve());
      this.worker.once('error', (error) => {
        this.lastError = error.message;
        resolve();
      });
    });
  }

  /**
   * After each commit on the connection, holding it outside any transaction: wakes the worker,
   * and first checkpoints here when the worker asked for it (the log passed LOG_LIMIT pages).
   */
  committed(): void {
    if (this.stopped) return;
    if (Atomics.load(this.state, RESTART) === ASKED) {
      try {
        this.sqlite.pragma('wal_checkpoint(PASSIVE)');
      } catch {
        // The worker asks again after its next checkpoint if the log is still that long.
      }
      // This commit counts as seen before the worker may go on: it checkpoints again only after
      // a later commit, whose transaction has started the log again.
      Atomics.add(this.state, WAKE, 1);
      Atomics.store(this.state, RESTART, DONE_HERE);
      Atomics.notify(this.state, WAKE);
      return;
    }
    Atomics.add(this.state, WAKE, 1);
    if (Atomics.load(this.state, WAITING) === 1) Atomics.notify(this.state, WAKE);
  }

  /** Pages in the log at the last checkpoint, and how many of them it had copied. */
  progress(): { log: number; checkpointed: number } {
    return { log: Atomics.load(this.state, LOG), checkpointed: Atomics.load(this.state, DONE) };
  }

  /** Stops the worker and closes its connection (before the main connection closes). */
  async stop(): Promise<void> {
    if (this.stopped) return this.exited;
    this.stopped = true;
    // Kept alive until it has closed its connection (it is unref'd while it runs).
    this.worker.ref();
    Atomics.store(this.state, STOP, 1);
    Atomics.add(this.state, WAKE, 1);
    Atomics.notify(this.state, WAKE);
    await this.exited;
  }
}

/** The log's size, in pages, past which the committing thread checkpoints itself. */
export const LOG_LIMIT = 8_000;
/** The worker checkpoints at most this often while commits come. */
const CHECKPOINT_EVERY_MS = 50;
/** The log file is cut back to this size when it starts again (bytes). */
const JOURNAL_SIZE_LIMIT = 64 * 1024 * 1024;

/**
 * Slots of the shared state: commits so far, worker waiting, log pages and pages copied at the
 * last checkpoint, stop, and the hand-over of the log's end (RESTART: 0, ASKED by the worker,
 * DONE_HERE by the committing thread).
 */
const WAKE = 0;
const WAITING = 1;
const LOG = 2;
const DONE = 3;
const STOP = 4;
const RESTART = 5;
const SLOTS = 6;
const ASKED = 1;
const DONE_HERE = 2;

/**
 * The worker, as CommonJS source (it runs the same from the bundle, under tsx and in tests):
 * waits for commits, then checkpoints, no more often than `every` ms.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const state = new Int32Array(workerData.state);
const [WAKE, WAITING, LOG, DONE, STOP, RESTART] = [${WAKE}, ${WAITING}, ${LOG}, ${DONE}, ${STOP}, ${RESTART}];
const [ASKED, DONE_HERE, LIMIT] = [${ASKED}, ${DONE_HERE}, ${LOG_LIMIT}];
const pause = new Int32Array(new SharedArrayBuffer(4));
const db = new Database(workerData.file, { fileMustExist: true });
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)').raw(true);
let seen = Atomics.load(state, WAKE);
let last = 0;
let askAt = LIMIT;
while (Atomics.load(state, STOP) === 0) {
  Atomics.store(state, WAITING, 1);
  Atomics.wait(state, WAKE, seen, 1000);
  Atomics.store(state, WAITING, 0);
  if (Atomics.load(state, STOP) !== 0) break;
  if (Atomics.load(state, WAKE) === seen) continue;
  const now = Date.now();
  if (now - last < workerData.every) Atomics.wait(pause, 0, 0, workerData.every - (now - last));
  seen = Atomics.load(state, WAKE);
  const restart = Atomics.load(state, RESTART);
  // Asked: the committing thread checkpoints next, alone. Done there: wait for a later commit.
  if (restart === ASKED) continue;
  if (restart === DONE_HERE) {
    Atomics.store(state, RESTART, 0);
    continue;
  }
  last = Date.now();
  try {
    const [, log, done] = checkpoint.get();
    Atomics.store(state, LOG, log);
    Atomics.store(state, DONE, done);
    if (log < LIMIT) askAt = LIMIT;
    else if (log >= askAt) {
      // Asked again only once the log has grown further (a reader may hold the log's start).
      askAt = log + LIMIT / 4;
      Atomics.store(state, RESTART, ASKED);
    }
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
}
db.close();
`;
