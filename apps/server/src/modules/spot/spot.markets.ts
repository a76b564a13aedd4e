import {
  isErrorKey,
  type Depth,
  type ErrorKey,
  type MessageParams,
  type SpotSide,
  type Trade,
} from '@tidemark/contract';
import { StaleLeaseError, type Lease } from '../../cluster/lease';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import type { Book } from '../../ledger/accounts';
import { NoAnswerError, NoServerError, type Bus } from '../../realtime/bus';
import type { MarketMaker } from './market-maker';
import type { OrderState, PlaceRequest, SpotExchange } from './spot.exchange';
import type { ProductRules } from './spot.rules';

/** The bus service the owner of the spot markets answers. */
export const SPOT_SERVICE = 'spot';
/** How often a process compares what it does with the lease it holds (memory only). */
const WATCH_MS = 100;
/**
 * How long an asker waits for the owner's answer to one request: well above an order's time
 * under load, since a request that times out leaves its outcome unknown to the trader.
 */
const ANSWER_MS = 10_000;
/** Between two attempts while no process owns the markets (a takeover under way). */
const RETRY_MS = 100;
/** Announced by a process that has taken the markets up (its books rebuilt, serving). */
const TAKEN_OVER = 'spot.owner';

/** One request to the owner: a method of the exchange and its arguments, as JSON. */
type SpotRequest =
  | { method: 'place'; request: PlaceRequest }
  | { method: 'cancel'; userId: number; orderId: number; side: SpotSide }
  | { method: 'depth'; book: Book; symbol: string; levels: number }
  | { method: 'trades'; book: Book; symbol: string; limit: number };

/** The owner's answer: the value, a business refusal to raise again, or "not the owner now". */
type SpotAnswer =
  { value: unknown } | { refusal: { key: ErrorKey; params?: MessageParams } } | { elsewhere: true };

/** The scale-out part: the lease of the markets and the bus between the processes. */
export interface SpotRole {
  lease: Lease;
  bus: Bus;
  /** How long a caller keeps asking while nobody owns the markets (a takeover's length). */
  failoverMs: number;
}

/**
 * The spot markets as every call sees them (DESIGN.md principle 2). Embedded, this process owns
 * every book: a call goes straight to its exchange. Scaled out, exactly one process owns the
 * markets at a time, the holder of the `spot:markets` lease: it alone keeps the books, matches,
 * runs the market maker and publishes depth and trades; every other process sends its callers'
 * orders, cancels and reads to it over the bus (NATS request/reply) and hands back the answer.
 * Taking the markets over, a process rebuilds every book from the database (the ids, the orders
 * stored but never matched released, the resting orders in priority order) before it answers;
 * its writes are fenced by the lease's token, so a stale owner's are refused.
 *
 * A request that reached nobody (no owner at that moment) is sent again until the takeover's time
 * is up; one the owner took but did not answer (it died) is sent again only where that is safe
 * (see ask), as soon as the new owner announces itself.
 */
export class SpotMarkets {
  private owning = false;
  /** The lease token the books were taken up under (scale-out). */
  private ownedToken: bigint | null = null;
  private switching: Promise<void> | null = null;
  private unserve: (() => void) | null = null;
  private timer: NodeJS.Timeout | undefined;
  /** Requests waiting for an owner's answer, told when a new owner has taken the markets up. */
  private readonly waiting = new Set<() => void>();

  constructor(
    private readonly app: AppContext,
    readonly exchange: SpotExchange,
    private readonly marketMaker: MarketMaker | null,
    private readonly role?: SpotRole,
  ) {
    if (!role) return;
    exchange.fenceWith((trx) => role.lease.fence(trx));
    role.bus.onAnnouncement(TAKEN_OVER, () => {
      for (const wake of this.waiting) wake();
      this.waiting.clear();
    });
  }

  async start(): Promise<void> {
    if (!this.role) {
      await this.exchange.start();
      await this.marketMaker?.start();
      this.owning = true;
      return;
    }
    await this.watch();
    this.timer = setInterval(() => void this.watch(), WATCH_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.switching;
    this.letGo();
  }

  /** Whether this process keeps the books now (always, embedded). */
  owns(): boolean {
    return this.owning && (!this.role || this.role.lease.held());
  }

  /** What the engines did in this process (the metrics); zero where it never owned the markets. */
  get engineEvents(): SpotExchange['engineEvents'] {
    return this.exchange.engineEvents;
  }

  rulesOf(symbol: string): ProductRules {
    return this.exchange.rulesOf(symbol);
  }

  place(request: PlaceRequest): Promise<OrderState> {
    return this.call({ method: 'place', request }, () => this.exchange.place(request));
  }

  cancel(userId: number, orderId: number, side: SpotSide): Promise<OrderState> {
    return this.call({ method: 'cancel', userId, orderId, side }, () =>
      this.exchange.cancel(userId, orderId, side),
    );
  }

  depth(book: Book, symbol: string, levels: number): Promise<Depth> {
    return this.call({ method: 'depth', book, symbol, levels }, () =>
      Promise.resolve(this.exchange.depth(book, symbol, levels)),
    );
  }

  trades(book: Book, symbol: string, limit: number): Promise<Trade[]> {
    return this.call({ method: 'trades', book, symbol, limit }, () =>
      Promise.resolve(this.exchange.trades(book, symbol, limit)),
    );
  }

  /** Runs a request here when this process owns the markets, else asks the owner. */
  private async call<T>(request: SpotRequest, here: () => Promise<T>): Promise<T> {
    const role = this.role;
    if (!role) return here();
    const deadline = Date.now() + role.failoverMs;
    for (;;) {
      await this.switching;
      if (this.owns()) {
        try {
          return await here();
        } catch (error) {
          // The lease went between the check and the write: nothing was written, ask the owner.
          if (!(error instanceof StaleLeaseError)) throw error;
        }
      } else {
        const answer = await this.ask(role.bus, request);
        if ('value' in answer) return answer.value as T;
        if ('refusal' in answer) throw new DomainError(answer.refusal.key, answer.refusal.params);
      }
      if (Date.now() >= deadline) throw new DomainError('marketUnavailable');
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  /**
   * Asks the owner. When no answer comes (the owner died with the request, or a new owner took
   * the markets up while it waited) a read is asked again, and so is an order with an
   * Idempotency-Key: the new owner places it once per key, or answers the one the old owner
   * committed. A cancel, or an order without a key, may have been carried out: the trader is told
   * to look (orderOutcomeUnknown) rather than risk doing it twice.
   */
  private async ask(bus: Bus, request: SpotRequest): Promise<SpotAnswer> {
    let wake: (() => void) | undefined;
    const takenOver = new Promise<'taken over'>((resolve) => {
      wake = () => resolve('taken over');
      this.waiting.add(wake);
    });
    const asked = bus.request(SPOT_SERVICE, request, ANSWER_MS);
    try {
      const answer = await Promise.race([asked, takenOver]);
      if (answer !== 'taken over') return answer as SpotAnswer;
      asked.catch(() => undefined);
    } catch (error) {
      if (error instanceof NoServerError) return { elsewhere: true };
      if (!(error instanceof NoAnswerError)) throw error;
    } finally {
      this.waiting.delete(wake!);
    }
    const repeatable =
      request.method === 'depth' ||
      request.method === 'trades' ||
      (request.method === 'place' && request.request.idempotencyKey !== undefined);
    if (repeatable) return { elsewhere: true };
    throw new DomainError('orderOutcomeUnknown');
  }

  /** The owner's side of a request from another process. */
  private async answer(message: unknown): Promise<SpotAnswer> {
    if (!this.owns()) return { elsewhere: true };
    const request = message as SpotRequest;
    try {
      switch (request.method) {
        case 'place':
          return { value: await this.exchange.place(request.request) };
        case 'cancel':
          return {
            value: await this.exchange.cancel(request.userId, request.orderId, request.side),
          };
        case 'depth':
          return { value: this.exchange.depth(request.book, request.symbol, request.levels) };
        case 'trades':
          return { value: this.exchange.trades(request.book, request.symbol, request.limit) };
      }
    } catch (error) {
      if (error instanceof StaleLeaseError) return { elsewhere: true };
      if (error instanceof DomainError && isErrorKey(error.key))
        return { refusal: { key: error.key, ...(error.params ? { params: error.params } : {}) } };
      this.app.log.error({ err: error, method: request.method }, 'spot request failed');
      return { refusal: { key: 'statusCode500' } };
    }
  }

  /**
   * Takes the markets up when the lease came to this process, lets them go once it is known lost.
   * A renewal that is merely late (the lease not trusted for a moment, the same token still the
   * row's) keeps the books: nothing is served or written meanwhile (owns() is false and the fence
   * refuses), and if the renewal comes through with the same token nobody else held the markets
   * in between, so the books are still the database's. Taking them up again there would release
   * the holds of orders this process is still matching.
   */
  private watch(): Promise<void> {
    const role = this.role;
    if (!role || this.switching) return this.switching ?? Promise.resolve();
    const { lease } = role;
    let next: (() => Promise<void>) | null = null;
    if (this.owning && lease.lastToken() !== this.ownedToken) {
      // Taken over by another process (or handed back): let go, and take up afresh if the lease
      // has come back meanwhile under a new token.
      next = async () => {
        this.letGo();
        if (lease.held()) await this.takeOver(role);
      };
    } else if (!this.owning && lease.held()) next = () => this.takeOver(role);
    if (!next) return Promise.resolve();
    this.switching = next().finally(() => {
      this.switching = null;
    });
    return this.switching;
  }

  private async takeOver(role: SpotRole): Promise<void> {
    const started = Date.now();
    const token = role.lease.token();
    if (token === null) return;
    try {
      // After the acquisition every write of the former owner is committed or refused, so the
      // database is the whole truth of the books.
      await this.exchange.start();
      if (role.lease.lastToken() !== token) {
        this.exchange.stop();
        return;
      }
      this.owning = true;
      this.ownedToken = token;
      await this.marketMaker?.start();
      this.unserve = role.bus.serve(SPOT_SERVICE, (message) => this.answer(message));
      // Requests the former owner took with it are asked again now, not after their timeout.
      role.bus.announce(TAKEN_OVER, { token: String(token) });
      this.app.log.info({ ms: Date.now() - started }, 'spot markets: taken over');
    } catch (error) {
      this.app.log.error({ err: error }, 'spot markets: take-over failed');
      this.letGo();
    }
  }

  private letGo(): void {
    const was = this.owning;
    this.owning = false;
    this.ownedToken = null;
    this.unserve?.();
    this.unserve = null;
    this.marketMaker?.stop();
    this.exchange.stop();
    if (was && this.role) this.app.log.warn('spot markets: let go (lease lost or stopping)');
  }
}
