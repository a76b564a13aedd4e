import { useMutation } from '@tanstack/react-query';
import { financialCalls, type CallInput } from '@tidemark/contract';
import { request } from '../../../api/client';
import { useInvalidate, type Keyed } from '../../../api/keyed';
import { assetsKeys } from '../../assets/api/assets-queries';
import { financialKeys } from './financial-keys';

export function useBuyMoneyProduct() {
  const refresh = useInvalidate(financialKeys.all(), [assetsKeys.all]);
  return useMutation({
    mutationFn: ({
      input,
      idempotencyKey,
    }: Keyed<CallInput<typeof financialCalls.buyMoneyProduct>>) =>
      request(financialCalls.buyMoneyProduct, input, { loading: true, idempotencyKey }),
    onSettled: refresh,
  });
}

export function useRedeemMoneyOrder() {
  const refresh = useInvalidate(financialKeys.all(), [assetsKeys.all]);
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<{ orderId: number }>) =>
      request(financialCalls.findMoneyProductReturn, input, { loading: true, idempotencyKey }),
    onSettled: refresh,
  });
}
