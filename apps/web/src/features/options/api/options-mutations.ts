import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { optionsCalls, type CallInput } from '@tidemark/contract';
import { request } from '../../../api/client';
import { optionsKeys } from './options-keys';

export type PlaceOptionInput = CallInput<typeof optionsCalls.insertCurrencyOrder>;

/** Every money call carries the key of the user's press (see features/assets/idempotency). */
interface Keyed<T> {
  input: T;
  idempotencyKey: string;
}

/**
 * After a money call the user's orders are out of date, and so is what other features show of the
 * same money (the contract wallet on the assets tab): the page passes their keys.
 */
function useRefresh(related: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: optionsKeys.user() }),
      ...related.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
}

/** Buys an option now (insertCurrencyOrder) or on the next boundary (insertPeriodsOrder). */
export function usePlaceOption(related: readonly QueryKey[] = []) {
  const refresh = useRefresh(related);
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
  const refresh = useRefresh(related);
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<{ orderId: number; amount: string }>) =>
      request(optionsCalls.insertOrderMoney, input, { loading: true, idempotencyKey }),
    onSettled: refresh,
  });
}

/** Cancels a scheduled order before it starts; the stake comes back in full. */
export function useCancelOption(related: readonly QueryKey[] = []) {
  const refresh = useRefresh(related);
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<{ orderId: number }>) =>
      request(optionsCalls.cancelPeriodsOrder, input, { loading: true, idempotencyKey }),
    onSettled: refresh,
  });
}
