import type { QueryKey } from '@tanstack/react-query';
import type { SpotOrder } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../ui/toast';
import { useCancelOrder } from '../api/spot-mutations';

/**
 * Cancel on an open order, said when done; a refusal (it filled meanwhile) was already toasted by
 * the request client. The order being cancelled shows a spinner on its button.
 */
export function useCancelAction(related: readonly QueryKey[]) {
  const { t } = useTranslation();
  const cancel = useCancelOrder(related);
  return {
    cancelling: cancel.isPending ? cancel.variables.orderId : undefined,
    cancel: (order: Pick<SpotOrder, 'orderId' | 'side'>) =>
      cancel.mutate(
        { orderId: order.orderId, side: order.side },
        { onSuccess: () => showToast(t('spot.orders.cancelled'), 'success') },
      ),
  };
}
