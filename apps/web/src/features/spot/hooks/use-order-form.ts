import type { SpotSide } from '@tidemark/contract';
import {
  MONEY_DECIMALS,
  sanitizeAmountInput,
  SPOT_ORDER_TYPE,
  type SpotOrderType,
} from '@tidemark/contract/rules';
import { useState } from 'react';
import {
  AMOUNT_PLACES,
  percentFill,
  priceForInput,
  type EntryUnit,
  type OrderDraft,
  type Percent,
} from '../order-math';

interface OrderFormOptions {
  side: SpotSide;
  /** Decimals the product allows; undefined until its rules arrive (the wire's 8 meanwhile). */
  pricePlaces: number | undefined;
  quantityPlaces: number | undefined;
  /** The pair's last price: the price a new form starts with. */
  lastPrice: string | undefined;
}

export interface OrderForm {
  draft: OrderDraft;
  setSide(side: SpotSide): void;
  setType(type: SpotOrderType): void;
  setPrice(typed: string): void;
  setQuantity(typed: string): void;
  setAmount(typed: string): void;
  setBy(by: EntryUnit): void;
  /** A price from the book or the last price: a limit order at it. */
  pickPrice(price: string): void;
  /** A percentage shortcut of the available balance (quote for a buy, base for a sell). */
  fillPercent(percent: Percent, available: string): void;
  /** After an order is placed: the quantities go, the side, type and price stay. */
  clearQuantities(): void;
}

/**
 * The order form's state. Every input keeps only digits and one decimal point, cut to the
 * product's precision as it is typed (SPEC.md section 5), so a value the server would refuse for
 * its places cannot be entered at all.
 */
export function useOrderForm({ side, lastPrice, ...places }: OrderFormOptions): OrderForm {
  const pricePlaces = places.pricePlaces ?? MONEY_DECIMALS;
  const quantityPlaces = places.quantityPlaces ?? MONEY_DECIMALS;
  const [draft, setDraft] = useState<OrderDraft>({
    side,
    type: SPOT_ORDER_TYPE.limit,
    price: '',
    quantity: '',
    amount: '',
    // A market buy is entered as the USDT to spend, as on leading exchanges; the unit toggle
    // switches it to a quantity of the coin.
    by: 'amount',
  });
  const [prefilled, setPrefilled] = useState(false);
  const update = (change: Partial<OrderDraft>) => setDraft((d) => ({ ...d, ...change }));

  // The price starts at the last price once it and the precision are known; then it is the user's.
  if (!prefilled && lastPrice !== undefined && places.pricePlaces !== undefined) {
    setPrefilled(true);
    if (draft.price === '') update({ price: priceForInput(lastPrice, pricePlaces) });
  }

  return {
    draft,
    setSide: (next) => update({ side: next }),
    setType: (type) => update({ type }),
    setPrice: (typed) => update({ price: sanitizeAmountInput(typed, pricePlaces) }),
    setQuantity: (typed) => update({ quantity: sanitizeAmountInput(typed, quantityPlaces) }),
    setAmount: (typed) => update({ amount: sanitizeAmountInput(typed, AMOUNT_PLACES) }),
    setBy: (by) => update({ by }),
    pickPrice: (price) =>
      update({ type: SPOT_ORDER_TYPE.limit, price: priceForInput(price, pricePlaces) }),
    fillPercent: (percent, available) => {
      const fill = percentFill(draft, percent, { available, lastPrice, quantityPlaces });
      if (fill) update({ [fill.field]: fill.value });
    },
    clearQuantities: () => update({ quantity: '', amount: '' }),
  };
}
