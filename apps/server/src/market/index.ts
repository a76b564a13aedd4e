import { SimulatedMarket, type MarketDeps } from './feed';
import type { Market } from './market';

export type { Market } from './market';

/**
 * The market the app runs, on the feed MARKET_FEED picks at start: the seeded simulator (sim), a
 * script (tests), or the exchanges' median index (live, market/live).
 */
export function createMarket(deps: MarketDeps): Market {
  return new SimulatedMarket(deps);
}
