import { SimulatedMarket, type MarketDeps } from './feed';
import type { Market } from './market';

export type { Market } from './market';

/** The market the app runs: the seeded simulator until an external feed adapter exists. */
export function createMarket(deps: MarketDeps): Market {
  return new SimulatedMarket(deps);
}
