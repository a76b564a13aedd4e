import * as z from 'zod/mini';
import { ACCOUNT_MODES, SPOT_ORDER_STATES } from '../constants';

export const SPOT_SIDES = ['buy', 'sell'] as const;
export type SpotSide = (typeof SPOT_SIDES)[number];

/**
 * Where an order is in its life: open (resting, nothing filled), partial (resting, partly
 * filled), filled, cancelled (by the user, or the unfilled rest of a market order). SPEC.md
 * section 4's two states are derived: open and partial are "entrusted", the others "closed".
 */
export const SPOT_ORDER_PHASES = ['open', 'partial', 'filled', 'cancelled'] as const;
export type SpotOrderPhase = (typeof SPOT_ORDER_PHASES)[number];

export const spotOrder = /* @__PURE__ */ z.object({
  orderId: z.number(),
  symbol: z.string(),
  side: z.enum(SPOT_SIDES),
  /** 1 limit, 2 market (SPEC.md section 3). */
  type: z.union([z.literal(1), z.literal(2)]),
  /** Limit price; empty for a market order. */
  price: z.string(),
  /** Ordered base quantity; for a market buy by amount, the base quantity it came to. */
  quantity: z.string(),
  /** Market buy by quote amount: the USDT given; empty otherwise. */
  amount: z.string(),
  filled: z.string(),
  /** Quote value of the fills. */
  filledAmount: z.string(),
  /** Average fill price; empty before the first fill. */
  avgPrice: z.string(),
  fee: z.string(),
  feeCurrency: z.string(),
  status: z.enum(SPOT_ORDER_STATES),
  phase: z.enum(SPOT_ORDER_PHASES),
  mode: z.enum(ACCOUNT_MODES),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type SpotOrder = z.output<typeof spotOrder>;

export const placedOrder = /* @__PURE__ */ z.object({
  orderId: z.number(),
  status: z.enum(SPOT_ORDER_STATES),
  phase: z.enum(SPOT_ORDER_PHASES),
  /** Base quantity filled so far. */
  filled: z.string(),
});

export const productConfig = /* @__PURE__ */ z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  pricePrecision: z.number(),
  quantityPrecision: z.number(),
  /** Smallest order value in the quote currency. */
  minNotional: z.string(),
  /** Smallest base quantity. */
  minQuantity: z.string(),
  /** Fee rates as decimals: "0.00100000" is 0.1 %. */
  makerFeeRate: z.string(),
  takerFeeRate: z.string(),
  tradingOpen: z.boolean(),
});
export type ProductConfig = z.output<typeof productConfig>;

const balance = /* @__PURE__ */ z.object({
  currency: z.string(),
  available: z.string(),
  frozen: z.string(),
});

export const pairBalances = /* @__PURE__ */ z.object({
  symbol: z.string(),
  mode: z.enum(ACCOUNT_MODES),
  base: balance,
  quote: balance,
});
