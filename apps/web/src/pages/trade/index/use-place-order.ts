import { parseMoney, type AccountMode } from '@tidemark/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useSubmit } from '../../../api/use-submit';
import { assetsKeys } from '../../../features/assets/api/assets-queries';
import { createKeyKeeper } from '../../../features/assets/idempotency';
import { usePlaceOrder } from '../../../features/spot/api/spot-mutations';
import type { OrderForm } from '../../../features/spot/hooks/use-order-form';
import { checkOrder, type OrderLimits } from '../../../features/spot/order-checks';
import { showToast } from '../../../ui/toast';

/** A trade moves the coin wallet: the assets tab and the account-change log are stale too. */
export const RELATED_KEYS = [assetsKeys.all] as const;

/**
 * The order button: the form's checks with their exact texts, then the order with an idempotency
 * key per press. A press whose answer was lost keeps its key, so pressing again with the same
 * order cannot place it twice; an answered press (placed or refused) starts a new one.
 */
export function usePlaceOrderAction(
  form: OrderForm,
  limits: OrderLimits | null,
  mode: AccountMode | undefined,
): [busy: boolean, submit: () => Promise<void>] {
  const { t } = useTranslation();
  const [keys] = useState(createKeyKeeper);
  const place = usePlaceOrder(RELATED_KEYS);
  return useSubmit(async () => {
    if (!limits) return;
    const check = checkOrder(form.draft, limits);
    if (!check.ok) {
      showToast(t(`errors.${check.error}`), 'fail');
      return;
    }
    const { side } = form.draft;
    const idempotencyKey = keys.keyFor(JSON.stringify([mode, side, check.input]));
    let placed;
    try {
      placed = await place.mutateAsync({ side, input: check.input, idempotencyKey });
    } catch (error) {
      if (error instanceof ApiError) keys.settle();
      throw error;
    }
    keys.settle();
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
}
