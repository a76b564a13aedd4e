import type { FastifyBaseLogger } from 'fastify';
import type { Lease } from '../cluster/lease';
import { runFenced } from '../db/group-commit';

/**
 * A job's loop: a pass every `everyMs` (a real-time timer, unref'd; the work reads the app's
 * injectable clock for "now"), a pass still running joined rather than doubled, and a stop that
 * waits for the pass in flight. A pass that throws is logged with `failure` and the loop goes on.
 * Given a lease (scale-out), a pass runs only while this process holds it: one process works the
 * job, the others stand by and take over when its lease runs out. Asking is a read of memory.
 */
export class JobLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private lease: Lease | null = null;

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly everyMs: number,
    private readonly failure: string,
    private readonly work: () => Promise<void>,
  ) {}

  /**
   * Starts the timer (once); with `passNow`, the first pass runs at once. With `lease`, passes
   * run only while it is held.
   */
  start(passNow = false, lease?: Lease): void {
    if (lease) this.lease = lease;
    if (this.timer) return;
    this.timer = setInterval(() => void this.pass(), this.everyMs);
    this.timer.unref();
    if (passNow) void this.pass();
  }

  /** Stops the timer and waits for the pass in flight. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass; a pass still running is joined rather than doubled. */
  pass(): Promise<void> {
    this.running ??= this.guarded().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async guarded(): Promise<void> {
    if (this.lease && !this.lease.held()) return;
    try {
      // Every write of the pass is fenced by the lease: a pass that outlives it commits nothing.
      await (this.lease ? runFenced(this.lease, this.work) : this.work());
    } catch (error) {
      this.log.error({ err: error }, this.failure);
    }
  }
}
