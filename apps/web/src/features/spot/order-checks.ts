import type { ErrorKey } from '@tidemark/contract';
import { formatMoney, mulMoney, SPOT_ORDER_TYPE, tryParseMoney } from '@tidemark/contract/rules';
import type { OrderInput } from './api/spot-mutations';
import { finishTyped, typedUnits, usesAmount, type OrderDraft } from './order-math';

/** What the form checks an order against. */
export interface OrderLimits {
  symbol: string;
  /** The coin wallet's available quote (USDT) and base balances in the current book. */
  availableQuote: string;
  availableBase: string;
  /** What a market buy by quantity is estimated at. */
  lastPrice: string | undefined;
  tradingOpen: boolean;
  /** The smallest order value in USDT (the product's minNotional). */
  minNotional: string;
}

export type OrderCheck =
  { ok: true; input: OrderInput } | { ok: false; error: ErrorKey; params?: Record<string, string> };

const refuse = (error: ErrorKey, params?: Record<string, string>): OrderCheck =>
  params ? { ok: false, error, params } : { ok: false, error };

/** What the order costs, in the currency it is paid with, as far as it is known before it fills. */
function cost(
  draft: OrderDraft,
  limits: OrderLimits,
): { units: bigint; of: 'quote' | 'base' } | null {
  const quantity = typedUnits(draft.quantity) ?? 0n;
  if (draft.side === 'sell') return { units: quantity, of: 'base' };
  if (usesAmount(draft)) return { units: typedUnits(draft.amount) ?? 0n, of: 'quote' };
  const price =
    draft.type === SPOT_ORDER_TYPE.limit
      ? typedUnits(draft.price)
      : tryParseMoney(limits.lastPrice ?? '');
  // A market buy with no last price yet cannot be estimated: the server decides.
  return price === null ? null : { units: mulMoney(price, quantity, 'up'), of: 'quote' };
}

/**
 * What the order is worth in USDT as the server values it against the minimum: the amount of a
 * buy by amount, else quantity x the limit price (a market order: the last price), rounded down;
 * null when a market order has no last price yet (the server decides).
 */
function worth(draft: OrderDraft, limits: OrderLimits): bigint | null {
  if (usesAmount(draft)) return typedUnits(draft.amount) ?? 0n;
  const price =
    draft.type === SPOT_ORDER_TYPE.limit
      ? typedUnits(draft.price)
      : tryParseMoney(limits.lastPrice ?? '');
  return price === null ? null : mulMoney(typedUnits(draft.quantity) ?? 0n, price, 'down');
}

/**
 * The order form's checks in SPEC.md section 5's order, each answering a key of the error
 * catalogue: something required left empty; a quantity that is not above 0; a price or USDT
 * amount that is not above 0; an order worth less than the minimum (before the sheet, as the
 * server checks it before the balance); more than the available balance; a pair closed for
 * trading. Answers what to send when all pass. Precision is the server's to refuse.
 */
export function checkOrder(draft: OrderDraft, limits: OrderLimits): OrderCheck {
  const limit = draft.type === SPOT_ORDER_TYPE.limit;
  const byAmount = usesAmount(draft);
  const price = finishTyped(draft.price);
  const quantity = finishTyped(draft.quantity);
  const amount = finishTyped(draft.amount);

  if ((limit && price === '') || (byAmount ? amount === '' : quantity === '')) {
    return refuse('requiredItems');
  }
  if (!byAmount && !((typedUnits(quantity) ?? 0n) > 0n)) return refuse('quantityPositive');
  if (limit && !((typedUnits(price) ?? 0n) > 0n)) return refuse('incorrectAmount');
  if (byAmount && !((typedUnits(amount) ?? 0n) > 0n)) return refuse('incorrectAmount');

  const value = worth(draft, limits);
  const minimum = tryParseMoney(limits.minNotional);
  if (value !== null && minimum !== null && value < minimum) {
    return refuse('orderBelowMinimum', { min: formatMoney(minimum, 2), currency: 'USDT' });
  }

  const needed = cost(draft, limits);
  const available = tryParseMoney(
    needed?.of === 'base' ? limits.availableBase : limits.availableQuote,
  );
  if (needed && available !== null && needed.units > available) {
    // A sell short of the coin names the coin, as the server does; the USDT text asks to recharge.
    return needed.of === 'base'
      ? refuse('insufficientToSell', { coin: limits.symbol.split('/')[0] ?? limits.symbol })
      : refuse('insufficientBalance');
  }
  if (!limits.tradingOpen) return refuse('currencyNotOpen');

  return {
    ok: true,
    input: {
      symbol: limits.symbol,
      type: draft.type,
      ...(limit ? { price } : {}),
      ...(byAmount ? { amount } : { quantity }),
    },
  };
}
