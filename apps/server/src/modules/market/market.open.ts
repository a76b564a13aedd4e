import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { earlierAnswer, type IdempotentCall } from '../../ledger/idempotency';

/**
 * Whether a coin's market is suspended now (a blind market: too few fresh price sources). An
 * unknown symbol is not "suspended": the caller's own checks refuse it.
 */
export function suspended(app: AppContext, symbol: string): boolean {
  return app.market.status(symbol)?.status === 'suspended';
}

/**
 * Refuses what would trade at a price the feed cannot give now (issue 17 "blind market"): a new
 * option order or stake, opening or closing a leveraged position, a spot market order.
 */
export function requireOpenMarket(app: AppContext, symbol: string): void {
  if (suspended(app, symbol)) throw new DomainError('marketSuspended', { symbol });
}

/**
 * requireOpenMarket for a call that honours an Idempotency-Key: a retry of a call already answered
 * (an order placed just before the market went blind, its answer lost on the way) gets that first
 * answer, as every retry does, rather than the refusal. Answers it; undefined while the market is
 * open (the call goes on to its own once(), which answers a retry there).
 */
export async function openMarketOrEarlier<T>(
  app: AppContext,
  symbol: string,
  call: Omit<IdempotentCall, 'now'>,
): Promise<T | undefined> {
  if (!suspended(app, symbol)) return undefined;
  const earlier = await earlierAnswer<T>(app.db, { ...call, now: app.clock.now() });
  if (earlier !== undefined) return earlier;
  throw new DomainError('marketSuspended', { symbol });
}
