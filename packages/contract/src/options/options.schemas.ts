import * as z from 'zod/mini';
import { ACCOUNT_MODES, OPTION_DIRECTIONS } from '../constants';

/**
 * Option delivery (DESIGN.md section 3): an order's life. `scheduled` waits for its period's next
 * boundary (period orders only; cancel and top-up are allowed only then); `running` has its strike
 * and waits for expiry; `settled` has an outcome from the stored ticks; `failed` had no tick within
 * the settlement tolerance of expiry (or of its start) and was refunded in full; `cancelled` was
 * withdrawn by its trader before it started.
 */
export const OPTION_STATUSES = ['scheduled', 'running', 'settled', 'failed', 'cancelled'] as const;
export type OptionStatus = (typeof OPTION_STATUSES)[number];

/** "tie": settlement equal to the strike, the stake comes back; "failed": no tick, full refund. */
export const OPTION_OUTCOMES = ['win', 'loss', 'tie', 'failed'] as const;
export type OptionOutcome = (typeof OPTION_OUTCOMES)[number];

/** instant: starts at acceptance (currencyorder/*); period: at the next boundary (periodsorder/*). */
export const OPTION_KINDS = ['instant', 'period'] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

/** One exchange source's latest price that went into a live tick's median. */
export const tickSource = /* @__PURE__ */ z.object({
  /** The source's name: "binance", "okx", "coinbase". */
  name: z.string(),
  price: z.string(),
  /** When the source last updated (ms). */
  time: z.number(),
});
export type TickSource = z.output<typeof tickSource>;

/**
 * One tick of the feed as the tick log keeps it: price, time (ms) and the feed's sequence number;
 * a live tick (MARKET_FEED=live) also names the sources whose median it is, so anyone can check
 * it against public exchange data. Ticks of the embedded simulator have no `sources`.
 */
export const optionTick = /* @__PURE__ */ z.object({
  price: z.string(),
  time: z.number(),
  feedSeq: z.number(),
  sources: z.optional(z.array(tickSource)),
});
export type OptionTick = z.output<typeof optionTick>;

/** A period of a product (findH5ProductPeriodsPage): its terms for orders placed now. */
export const optionPeriod = /* @__PURE__ */ z.object({
  id: z.number(),
  seconds: z.number(),
  /** Decimal fraction: "0.85000000" pays 85 % on top of the stake on a win. */
  returnRate: z.string(),
  /** Decimal fraction of the stake forfeited on a loss (the rest is refunded). */
  lossRate: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
});
export type OptionPeriod = z.output<typeof optionPeriod>;

/**
 * An option order. The fields of the issue's "Field names" first; the rest are every stored input
 * of its result (strike and settlement ticks, record), so a details page can show all of them.
 */
export const optionOrder = /* @__PURE__ */ z.object({
  id: z.number(),
  symbol: z.string(),
  direction: z.enum(OPTION_DIRECTIONS),
  /** The stake, USDT (a top-up before start adds to it). */
  amount: z.string(),
  periodSeconds: z.number(),
  /** The period's terms when the order was placed, stored on the order. */
  returnRate: z.string(),
  lossRate: z.string(),
  /** The strike tick's price; null while scheduled (and for an order that failed to start). */
  strikePrice: z.nullable(z.string()),
  /** When the order starts (acceptance, or its period boundary). */
  openTime: z.number(),
  /** Expiry: openTime + periodSeconds. */
  settleTime: z.number(),
  status: z.enum(OPTION_STATUSES),
  kind: z.enum(OPTION_KINDS),
  /** Period orders: the boundary they start at (= openTime); null for instant orders. */
  startTime: z.nullable(z.number()),
  mode: z.enum(ACCOUNT_MODES),
  strike: z.nullable(optionTick),
  settle: z.nullable(optionTick),
  /** The settlement tick's price; null until settled (and for a failed settlement). */
  settlePrice: z.nullable(z.string()),
  /** What the pool paid back at settlement (win: stake x (1 + returnRate); tie/failed: stake). */
  payout: z.nullable(z.string()),
  /** payout - stake: negative for a loss. */
  profit: z.nullable(z.string()),
  outcome: z.nullable(z.enum(OPTION_OUTCOMES)),
  /** The settlement record of the public chain. */
  recordSeq: z.nullable(z.number()),
  recordHash: z.nullable(z.string()),
  createdAt: z.number(),
});
export type OptionOrder = z.output<typeof optionOrder>;

/**
 * One settlement of the public hash chain. `hash` is the hex sha256 of the record without `hash`
 * in RFC 8785 canonical JSON; `prevHash` of the first record is 64 zeros. `trader` is a per-user
 * salted pseudonym, never the user id.
 */
export const settlementRecord = /* @__PURE__ */ z.object({
  seq: z.number(),
  orderId: z.number(),
  trader: z.string(),
  book: z.enum(ACCOUNT_MODES),
  symbol: z.string(),
  direction: z.enum(OPTION_DIRECTIONS),
  stake: z.string(),
  returnRate: z.string(),
  lossRate: z.string(),
  /** Expiry (ms): the settlement tick is the last one at or before it. */
  expiry: z.number(),
  strike: z.nullable(optionTick),
  settle: z.nullable(optionTick),
  outcome: z.enum(OPTION_OUTCOMES),
  payout: z.string(),
  prevHash: z.string(),
  hash: z.string(),
});
export type SettlementRecord = z.output<typeof settlementRecord>;

/** A record with the ticks around its strike and its settlement, from the tick log. */
export const settlementDetail = /* @__PURE__ */ z.object({
  record: settlementRecord,
  ticks: z.object({ strike: z.array(optionTick), settle: z.array(optionTick) }),
});

/** Where and how options are offered (the desc page): restrictions and settlement rules. */
export const optionTerms = /* @__PURE__ */ z.object({
  /** ISO country codes where the real book's options are not offered (the demo book is). */
  restrictedCountries: z.array(z.string()),
  /** Real-book options need primary verification. */
  realNeedsPrimary: z.boolean(),
  /** A settlement tick older than this before expiry means "settlement failed" (full refund). */
  settleToleranceMs: z.number(),
  /** The symbols offered, each open or not. */
  products: z.array(z.object({ symbol: z.string(), enabled: z.boolean() })),
});
export type OptionTerms = z.output<typeof optionTerms>;
