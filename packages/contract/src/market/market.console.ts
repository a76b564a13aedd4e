import * as z from 'zod/mini';
import { defineConsoleCall, type OperatorRole } from '../console/console.call';
import { MARKET_STATUSES } from './market.schemas';

/**
 * The operator's view of the price feed (ours, under /console/api): each source's health and lag
 * and each coin's market. Read only: nothing here can set a price, a source or a coin's status.
 */

const READ: readonly OperatorRole[] = ['admin', 'reviewer', 'support'];

/** Where the prices come from, chosen at start (MARKET_FEED). */
export const MARKET_FEEDS = ['simulator', 'scripted', 'live'] as const;
export type MarketFeedKind = (typeof MARKET_FEEDS)[number];

/**
 * A source's price of one coin now: fresh (in the index), stale (older than the staleness),
 * deviating (outside the band around the other sources' median) or missing (no price yet).
 */
export const SOURCE_COIN_STATES = ['fresh', 'stale', 'deviating', 'missing'] as const;
export type SourceCoinState = (typeof SOURCE_COIN_STATES)[number];

export const consoleMarketSources = /* @__PURE__ */ z.object({
  feed: z.enum(MARKET_FEEDS),
  /** The server's time of this answer (ms). */
  time: z.number(),
  /** A source's price older than this is stale (ms). */
  staleMs: z.number(),
  /** A source further than this from the others' median is left out (basis points). */
  bandBps: z.number(),
  /** Fewer fresh sources than this suspend a coin. */
  minSources: z.number(),
  sources: z.array(
    z.object({
      name: z.string(),
      /** Its stream is connected now (the simulator always is). */
      connected: z.boolean(),
      /** The source's time of its newest price of any coin (ms); null before the first. */
      lastUpdate: z.nullable(z.number()),
      /** How long ago that was (ms); null before the first. */
      lagMs: z.nullable(z.number()),
      /** The last connection error, in the library's words; null while it streams. */
      error: z.nullable(z.string()),
      coins: z.array(
        z.object({
          symbol: z.string(),
          state: z.enum(SOURCE_COIN_STATES),
          price: z.nullable(z.string()),
          time: z.nullable(z.number()),
        }),
      ),
    }),
  ),
  coins: z.array(
    z.object({
      symbol: z.string(),
      status: z.enum(MARKET_STATUSES),
      /** How many sources are fresh. */
      sources: z.number(),
      /** Why it is suspended (null when open). */
      reason: z.nullable(z.string()),
      /** The last printed price; null while the coin has never had one. */
      price: z.nullable(z.string()),
    }),
  ),
});
export type ConsoleMarketSources = z.output<typeof consoleMarketSources>;

export const marketSources = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/market/sources',
  roles: READ,
  summary:
    "the price feed's sources with their health and lag, and each coin's market (open or suspended, fresh sources)",
  input: z.object({}),
  output: consoleMarketSources,
});
