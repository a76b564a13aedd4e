import {
  divMoney,
  formatMoney,
  hasPrecision,
  mulMoney,
  parseMoney,
  QUOTE_CURRENCY,
  SPOT_ORDER_TYPE,
  type Product,
  type ProductConfig,
  type SpotSide,
} from '@tidemark/contract';
import type { SpotConfig } from '../../config';
import { DomainError } from '../../http/domain-error';

/** A product's trading rules in units (1e-8), from the coin's precision and the configuration. */
export interface ProductRules {
  symbol: string;
  base: string;
  quote: string;
  pricePrecision: number;
  quantityPrecision: number;
  /** The smallest quantity, and the step every quantity is a whole number of (the lot), in units. */
  minQuantity: bigint;
  minNotional: bigint;
  makerFeeRate: bigint;
  takerFeeRate: bigint;
  tradingOpen: boolean;
}

export function productRules(product: Product, config: SpotConfig): ProductRules {
  return {
    symbol: product.symbol,
    base: product.base,
    quote: product.quote,
    pricePrecision: product.pricePrecision,
    quantityPrecision: product.quantityPrecision,
    minQuantity: 10n ** BigInt(8 - product.quantityPrecision),
    minNotional: parseMoney(config.minNotional),
    makerFeeRate: parseMoney(config.makerFeeRate),
    takerFeeRate: parseMoney(config.takerFeeRate),
    tradingOpen: product.tradingOpen,
  };
}

export function productConfig(rules: ProductRules): ProductConfig {
  return {
    symbol: rules.symbol,
    base: rules.base,
    quote: rules.quote,
    pricePrecision: rules.pricePrecision,
    quantityPrecision: rules.quantityPrecision,
    minNotional: formatMoney(rules.minNotional),
    minQuantity: formatMoney(rules.minQuantity),
    makerFeeRate: formatMoney(rules.makerFeeRate),
    takerFeeRate: formatMoney(rules.takerFeeRate),
    tradingOpen: rules.tradingOpen,
  };
}

/** An order as the user asked for it, in units. */
export interface OrderRequest {
  side: SpotSide;
  type: 1 | 2;
  /** Limit price. */
  price?: bigint | undefined;
  /** Base quantity. */
  quantity?: bigint | undefined;
  /** Market buy by quote amount. */
  quoteAmount?: bigint | undefined;
}

/**
 * SPEC.md section 5 and the product's rules, in the order a user meets them: the pair must be
 * open, the numbers must fit the product's precision, and the order must be worth the minimum.
 * `reference` prices a market order for the minimum-value check (the feed's last price).
 */
export function checkOrder(rules: ProductRules, order: OrderRequest, reference: bigint): void {
  if (!rules.tradingOpen) throw new DomainError('currencyNotOpen');
  if (order.price !== undefined && !hasPrecision(order.price, rules.pricePrecision)) {
    throw new DomainError('pricePrecision', { places: rules.pricePrecision });
  }
  if (order.quantity !== undefined) {
    if (order.quantity <= 0n) throw new DomainError('quantityPositive');
    if (!hasPrecision(order.quantity, rules.quantityPrecision)) {
      throw new DomainError('quantityPrecision', { places: rules.quantityPrecision });
    }
  }
  if (order.quoteAmount !== undefined && !hasPrecision(order.quoteAmount, 2)) {
    throw new DomainError('pricePrecision', { places: 2 });
  }
  const value =
    order.quoteAmount ??
    mulMoney(
      order.quantity ?? 0n,
      order.type === SPOT_ORDER_TYPE.limit ? (order.price ?? 0n) : reference,
      'down',
    );
  if (value < rules.minNotional) {
    throw new DomainError('orderBelowMinimum', {
      min: formatMoney(rules.minNotional, 2),
      currency: QUOTE_CURRENCY,
    });
  }
}

/**
 * What an order holds from the coin wallet while it lives: a buy holds the quote it can spend
 * (price x quantity, rounded up so the hold always covers it; a market buy by amount, the amount;
 * a market buy by quantity, `marketBuyCost`), a sell holds its base quantity. Fees are taken from
 * what each side receives, so they need no hold.
 */
export function holdFor(
  rules: ProductRules,
  order: OrderRequest,
  /** What a market buy by quantity costs at the book now; asked only for such an order. */
  marketBuyCost: () => bigint,
): { currency: string; amount: bigint } {
  if (order.side === 'sell') return { currency: rules.base, amount: order.quantity ?? 0n };
  if (order.type === SPOT_ORDER_TYPE.limit) {
    return {
      currency: rules.quote,
      amount: mulMoney(order.quantity ?? 0n, order.price ?? 0n, 'up'),
    };
  }
  return { currency: rules.quote, amount: order.quoteAmount ?? marketBuyCost() };
}

/** The fee on what a side receives, rounded down: never more than the rate. */
export function feeOn(received: bigint, rate: bigint): bigint {
  return mulMoney(received, rate, 'down');
}

/** Base quantity a quote amount buys at a price, rounded down to the product's lot. */
export function quantityFor(rules: ProductRules, quote: bigint, price: bigint): bigint {
  const raw = divMoney(quote, price, 'down');
  const lot = rules.minQuantity;
  return (raw / lot) * lot;
}
