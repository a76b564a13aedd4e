import * as z from 'zod/mini';
import { ACCOUNT_MODES, MEMBER_TIERS, OPTION_DIRECTIONS } from '../constants';
import { tickSource } from '../options/options.schemas';

/**
 * The leveraged contract by lot (DESIGN.md section 3 "Leveraged contract"). A position holds its
 * margin (lots x lot price) and every top-up in the trader's frozen contract wallet; its P&L is
 * position value x (mark - entry) / entry, signed by direction, against the insurance fund. Every
 * term it was opened with (lot price, fee rates, maintenance rate, negative balance protection) is
 * stored on the position and never changes afterwards.
 */

/** open until it is closed; closed by the trader, take-profit, stop-loss or liquidation. */
export const LEVERAGE_STATUSES = ['open', 'closed'] as const;
export type LeverageStatus = (typeof LEVERAGE_STATUSES)[number];

/** How a position closed (`findContractOrderResult.closedBy`). */
export const LEVERAGE_CLOSED_BY = ['user', 'takeProfit', 'stopLoss', 'liquidation'] as const;
export type LeverageClosedBy = (typeof LEVERAGE_CLOSED_BY)[number];

/** Long gains when the price rises, short when it falls (the options' directions). */
export const LEVERAGE_DIRECTIONS = OPTION_DIRECTIONS;
export type LeverageDirection = (typeof LEVERAGE_DIRECTIONS)[number];

/** The days of trading volume a member tier is measured over. */
export const TIER_VOLUME_DAYS = 30;

/**
 * One tick of the feed as the tick log keeps it; a live tick (MARKET_FEED=live) also names the
 * exchange sources whose median it is, as the options' ticks do.
 */
export const leverageTick = /* @__PURE__ */ z.object({
  price: z.string(),
  time: z.number(),
  feedSeq: z.number(),
  sources: z.optional(z.array(tickSource)),
});
export type LeverageTick = z.output<typeof leverageTick>;

/**
 * A position. The fields first (`id ... openTime`), then what the record and details
 * pages show: the stored terms, the entry and exit ticks, and the result once closed. In
 * findNowCurrencyOrder `markPrice` and `pnl` are live (the last tick); in a closed position `pnl`
 * is the realised one and `markPrice` null.
 */
export const leveragePosition = /* @__PURE__ */ z.object({
  id: z.number(),
  symbol: z.string(),
  direction: z.enum(LEVERAGE_DIRECTIONS),
  lots: z.number(),
  /** USDT per lot, from the terms at opening. */
  lotPrice: z.string(),
  multiple: z.number(),
  /** lots x lotPrice. */
  margin: z.string(),
  entryPrice: z.string(),
  /** Null when no price can liquidate it (a 1x long with a large top-up). */
  liquidationPrice: z.nullable(z.string()),
  takeProfit: z.nullable(z.string()),
  stopLoss: z.nullable(z.string()),
  openFee: z.string(),
  status: z.enum(LEVERAGE_STATUSES),
  openTime: z.number(),
  /** margin x multiple. */
  positionValue: z.string(),
  /** Cumulative top-up: what addMargin added to the margin. */
  topUp: z.string(),
  /** The stored terms: fee rates on the position value, maintenance level as a fraction of the margin. */
  openFeeRate: z.string(),
  closeFeeRate: z.string(),
  maintenanceRate: z.string(),
  /** margin x maintenanceRate: liquidation when equity falls to it. */
  maintenance: z.string(),
  /** Negative balance protection as it was when the position opened. */
  protection: z.boolean(),
  mode: z.enum(ACCOUNT_MODES),
  entry: leverageTick,
  exit: z.nullable(leverageTick),
  exitPrice: z.nullable(z.string()),
  closeTime: z.nullable(z.number()),
  closeFee: z.nullable(z.string()),
  /** Live (open) or realised (closed) profit and loss, before fees. */
  pnl: z.nullable(z.string()),
  /** The last tick's price while open; null once closed. */
  markPrice: z.nullable(z.string()),
  /** margin + topUp + pnl (live while open; at the exit tick once closed). */
  equity: z.nullable(z.string()),
  closedBy: z.nullable(z.enum(LEVERAGE_CLOSED_BY)),
  /** What came back to the contract wallet at closing: equity - closeFee (negative: owed). */
  payout: z.nullable(z.string()),
  /** The part of a negative equity the insurance fund absorbed (protection on), else "0". */
  gapCovered: z.nullable(z.string()),
});
export type LeveragePosition = z.output<typeof leveragePosition>;

/** A member tier's threshold and the multiples it allows (1 up to its maximum). */
export const tierTerms = /* @__PURE__ */ z.object({
  tier: z.enum(MEMBER_TIERS),
  /** 30-day trading volume in USDT that reaches the tier. */
  threshold: z.string(),
  maxMultiple: z.number(),
  multiples: z.array(z.number()),
});
export type TierTerms = z.output<typeof tierTerms>;

/** The terms of positions opened now (the desc and trade pages). */
export const leverageTerms = /* @__PURE__ */ z.object({
  lotPrice: z.string(),
  openFeeRate: z.string(),
  closeFeeRate: z.string(),
  maintenanceRate: z.string(),
  negativeBalanceProtection: z.boolean(),
  /** These terms as one text: the open call's termsVersion (leverageTermsVersion). */
  termsVersion: z.string(),
  tiers: z.array(tierTerms),
  volumeDays: z.number(),
  /** The symbols, each open for new positions or not. */
  products: z.array(z.object({ symbol: z.string(), enabled: z.boolean() })),
});
export type LeverageTerms = z.output<typeof leverageTerms>;

/**
 * The member tier page: the trader's tier, what it allows, the measure (30-day real-book trading
 * volume in USDT: spot trades, option stakes and contract position values) and the next tier.
 */
export const memberTierInfo = /* @__PURE__ */ z.object({
  tier: z.enum(MEMBER_TIERS),
  multiples: z.array(z.number()),
  volume: z.string(),
  volumeDays: z.number(),
  parts: z.object({ spot: z.string(), options: z.string(), contracts: z.string() }),
  /** Null at the top tier. */
  next: z.nullable(
    z.object({ tier: z.enum(MEMBER_TIERS), threshold: z.string(), multiples: z.array(z.number()) }),
  ),
  /** Fraction 0..1 of the way from this tier's threshold to the next's ("1.00000000" at the top). */
  progress: z.string(),
  tiers: z.array(tierTerms),
});
export type MemberTierInfo = z.output<typeof memberTierInfo>;

/** Whether the caller has opened the contract (the index page shows the disclosure until then). */
export const contractStatus = /* @__PURE__ */ z.object({
  opened: z.boolean(),
  openedAt: z.nullable(z.number()),
});
export type ContractStatus = z.output<typeof contractStatus>;
