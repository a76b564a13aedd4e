import { useMutation, useQueryClient } from '@tanstack/react-query';
import { financialCalls } from '@tidemark/contract';
import { request } from '../../../api/client';
import { assetsKeys } from '../../assets/api/assets-queries';
import { financialKeys } from './financial-keys';

interface Keyed<T> {
  input: T;
  idempotencyKey: string;
}

/** After a money call: the packages (capacity), the user's orders and the cft wallet. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: financialKeys.all() }),
      queryClient.invalidateQueries({ queryKey: assetsKeys.all }),
    ]);
}

export function useBuyMoneyProduct() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<{ productId: number; amount: string }>) =>
      request(financialCalls.buyMoneyProduct, input, { loading: true, idempotencyKey }),
    onSettled: refresh,
  });
}

export function useRedeemMoneyOrder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<{ orderId: number }>) =>
      request(financialCalls.findMoneyProductReturn, input, { loading: true, idempotencyKey }),
    onSettled: refresh,
  });
}
