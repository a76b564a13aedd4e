import { parseMoney, type AccountMode } from '@tidemark/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../api/use-submit';
import { assetsKeys } from '../../../features/assets/api/assets-queries';
import { createKeyKeeper } from '../../../features/assets/idempotency';
import { usePlaceOrder, type OrderInput } from '../../../features/spot/api/spot-mutations';
import type { PendingOrder } from '../../../features/spot/components/order-confirm-sheet';
import { useConfirmOrders } from '../../../features/spot/hooks/use-confirm-orders';
import type { OrderForm } from '../../../features/spot/hooks/use-order-form';
import { checkOrder, type OrderLimits } from '../../../features/spot/order-checks';
import { orderFigures } from '../../../features/spot/order-math';
import { showToast } from '../../../ui/toast';

/** A trade moves the coin wallet: the assets tab and the account-change log are stale too. */
export const RELATED_KEYS = [assetsKeys.all] as const;

/** An order that passed the form's checks: what the sheet shows and what is sent. */
type CheckedOrder = PendingOrder & { input: OrderInput };

/** What the sheet's figures are computed from, besides the form. */
export type SheetContext = Parameters<typeof orderFigures>[1];

export interface PlaceOrderAction {
  busy: boolean;
  /** The order the confirmation sheet shows; null while it is closed. */
  pending: PendingOrder | null;
  /** The order button: the form's checks, then the sheet (or the order, when not asked). */
  review: () => void;
  /** The sheet's confirm button: the order goes; `dontAsk` skips the sheet from now on. */
  confirm: (dontAsk?: boolean) => Promise<void>;
  cancel: () => void;
  /** Whether orders are confirmed in the sheet first, and the way to ask again. */
  asks: boolean;
  askAgain: () => void;
}

/**
 * The order button: the form's checks with their exact texts, then a confirmation sheet with the
 * fee and total, then the order with an idempotency key per confirmation. A confirmation whose
 * answer was lost keeps its key, so confirming again with the same order cannot place it twice;
 * an answered one (placed or refused) starts a new one.
 */
export function usePlaceOrderAction(
  form: OrderForm,
  limits: OrderLimits | null,
  sheet: SheetContext | null,
  mode: AccountMode | undefined,
): PlaceOrderAction {
  const { t } = useTranslation();
  const [keys] = useState(createKeyKeeper);
  const [pending, setPending] = useState<CheckedOrder | null>(null);
  const [asks, setAsks] = useConfirmOrders();
  const place = usePlaceOrder(RELATED_KEYS);

  const review = () => {
    if (!limits || !sheet) return;
    const check = checkOrder(form.draft, limits);
    if (!check.ok) {
      showToast(t(`errors.${check.error}`, check.params ?? {}), 'fail');
      return;
    }
    const order = {
      draft: form.draft,
      figures: orderFigures(form.draft, sheet),
      input: check.input,
    };
    if (asks) setPending(order);
    else void send(order);
  };

  // The order goes: the sheet's, or the checked form's when the sheet is skipped.
  const [busy, send] = useSubmit(async (order: CheckedOrder) => {
    const { side } = order.draft;
    const placed = await keys.send(
      JSON.stringify([mode, side, order.input]),
      (idempotencyKey) => place.mutateAsync({ side, input: order.input, idempotencyKey }),
      () => setPending(null),
    );
    // A market order that found nobody to trade with ends cancelled: not a success. One that found
    // some ends cancelled too, partly filled.
    const partly = placed.phase === 'cancelled' && parseMoney(placed.filled) > 0n;
    if (partly) showToast(t('spot.placed.partlyCancelled'), 'success');
    else
      showToast(
        t(`spot.placed.${placed.phase}`),
        placed.phase === 'cancelled' ? 'fail' : 'success',
      );
    form.clearQuantities();
  });

  return {
    busy,
    pending,
    review,
    confirm: async (dontAsk = false) => {
      if (dontAsk) setAsks(false);
      if (pending) await send(pending);
    },
    cancel: () => {
      if (!busy) setPending(null);
    },
    asks,
    askAgain: () => setAsks(true),
  };
}
