import { useMutation, type QueryKey } from '@tanstack/react-query';
import { optionsCalls, type CallInput } from '@tidemark/contract';
import { request } from '../../../api/client';
import { useInvalidate, type Keyed } from '../../../api/keyed';
import { optionsKeys } from './options-keys';

export type PlaceOptionInput = CallInput<typeof optionsCalls.insertCurrencyOrder>;

/** Buys an option now (insertCurrencyOrder) or on the next boundary (insertPeriodsOrder). */
export function usePlaceOption(related: readonly QueryKey[] = []) {
  const refresh = useInvalidate(optionsKeys.user(), related);
  return useMutation({
    mutationFn: ({
      input,
      idempotencyKey,
      scheduled,
    }: Keyed<PlaceOptionInput> & { scheduled: boolean }) =>
      request(
        scheduled ? optionsCalls.insertPeriodsOrder : optionsCalls.insertCurrencyOrder,
        input,
        { loading: true, idempotencyKey },
      ),
    onSuccess: refresh,
  });
}

/** Adds to the stake of a scheduled order before it starts. */
export function useTopUpOption(related: readonly QueryKey[] = []) {
  const refresh = useInvalidate(optionsKeys.user(), related);
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<{ orderId: number; amount: string }>) =>
      request(optionsCalls.insertOrderMoney, input, { loading: true, idempotencyKey }),
    onSettled: refresh,
  });
}

/** Cancels a scheduled order before it starts; the stake comes back in full. */
export function useCancelOption(related: readonly QueryKey[] = []) {
  const refresh = useInvalidate(optionsKeys.user(), related);
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<{ orderId: number }>) =>
      request(optionsCalls.cancelPeriodsOrder, input, { loading: true, idempotencyKey }),
    onSettled: refresh,
  });
}
