import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';

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
