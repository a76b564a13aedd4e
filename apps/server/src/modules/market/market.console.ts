import {
  formatMoney,
  marketConsoleCalls as c,
  type ConsoleMarketSources,
} from '@tidemark/contract';
import type { AppContext } from '../../http/context';
import { consoleHandle, type BoundConsoleCall } from '../console/console.http';

/** A price as text; null while there is none (a coin never priced). */
function priceText(price: bigint | null | undefined): string | null {
  return price === null || price === undefined ? null : formatMoney(price);
}

/**
 * The operators' view of the price feed: each source's health and lag (how long ago its newest
 * price was) and each coin's market. Read only: nothing here can set a price or a coin's status.
 */
export function marketSources(app: AppContext): ConsoleMarketSources {
  const now = app.clock.now();
  const health = app.market.health();
  return {
    feed: health.feed,
    time: now,
    staleMs: health.staleMs,
    bandBps: health.bandBps,
    minSources: health.minSources,
    sources: health.sources.map((s) => ({
      name: s.name,
      connected: s.connected,
      lastUpdate: s.lastUpdate,
      lagMs: s.lastUpdate === null ? null : Math.max(0, now - s.lastUpdate),
      error: s.error,
      coins: s.coins.map((coin) => ({
        symbol: coin.symbol,
        state: coin.state,
        price: priceText(coin.price),
        time: coin.time,
      })),
    })),
    coins: app.market.products().map((p) => {
      const status = app.market.status(p.symbol) ?? { status: 'open', sources: 0, reason: null };
      return {
        symbol: p.symbol,
        status: status.status,
        sources: status.sources,
        reason: status.reason,
        price: priceText(app.market.lastPrice(p.symbol)),
      };
    }),
  };
}

/** Every operator market call with its handler. */
export const marketConsoleRoutes: readonly BoundConsoleCall[] = [
  consoleHandle(c.marketSources, (_input, ctx) => Promise.resolve(marketSources(ctx.app))),
];
