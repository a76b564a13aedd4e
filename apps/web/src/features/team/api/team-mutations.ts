import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { teamCalls, type CallInput } from '@tidemark/contract';
import { request } from '../../../api/client';
import { teamKeys } from './team-keys';

/** Every money call carries the key of the user's press (see features/assets/idempotency). */
interface Keyed<T> {
  input: T;
  idempotencyKey: string;
}

function useRefresh(related: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.all() }),
      ...related.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
}

/** Released earnings to the coin wallet (the transfer day only). */
export function useTransferEarnings(related: readonly QueryKey[] = []) {
  const refresh = useRefresh(related);
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<CallInput<typeof teamCalls.moneyTransfer>>) =>
      request(teamCalls.moneyTransfer, input, { loading: true, idempotencyKey }),
    onSettled: refresh,
  });
}

/** Earnings withdrawn to a bound address through the normal withdrawal (quiet: the page says why). */
export function useWithdrawEarnings(related: readonly QueryKey[] = []) {
  const refresh = useRefresh(related);
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<CallInput<typeof teamCalls.withdrawCurrency>>) =>
      request(teamCalls.withdrawCurrency, input, { loading: true, quiet: true, idempotencyKey }),
    onSettled: refresh,
  });
}
