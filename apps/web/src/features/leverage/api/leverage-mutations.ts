import { useMutation, type QueryKey } from '@tanstack/react-query';
import { leverageCalls, type CallInput } from '@tidemark/contract';
import { request } from '../../../api/client';
import { useInvalidate, type Keyed } from '../../../api/keyed';
import { leverageKeys } from './leverage-keys';

export type OpenPositionInput = CallInput<typeof leverageCalls.insert>;

/** Opens the contract once, after the disclosure: no input. */
export function useOpenContract() {
  const refresh = useInvalidate(leverageKeys.user());
  return useMutation({
    mutationFn: () => request(leverageCalls.openContract, {}, { loading: true }),
    onSuccess: refresh,
  });
}

/** Opens a position: margin and opening fee from the contract wallet, entry the tick then. */
export function useOpenPosition(related: readonly QueryKey[] = []) {
  const refresh = useInvalidate(leverageKeys.user(), related);
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<OpenPositionInput>) =>
      request(leverageCalls.insert, input, { loading: true, idempotencyKey }),
    onSuccess: refresh,
  });
}

/** Closes an open position at the last tick. */
export function useClosePosition(related: readonly QueryKey[] = []) {
  const refresh = useInvalidate(leverageKeys.user(), related);
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<{ positionId: number }>) =>
      request(leverageCalls.close, input, { loading: true, idempotencyKey }),
    onSettled: refresh,
  });
}

/** Sets, changes or clears (empty) take-profit and stop-loss. */
export function useUpdateTpSl(related: readonly QueryKey[] = []) {
  const refresh = useInvalidate(leverageKeys.user(), related);
  return useMutation({
    mutationFn: ({
      input,
      idempotencyKey,
    }: Keyed<{ positionId: number; takeProfit: string; stopLoss: string }>) =>
      request(leverageCalls.updateTpSl, input, { loading: true, idempotencyKey }),
    onSettled: refresh,
  });
}

/** Adds USDT from the contract wallet to a position's margin. */
export function useAddMargin(related: readonly QueryKey[] = []) {
  const refresh = useInvalidate(leverageKeys.user(), related);
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<{ positionId: number; amount: string }>) =>
      request(leverageCalls.addMargin, input, { loading: true, idempotencyKey }),
    onSettled: refresh,
  });
}
