import { useMutation, type QueryKey } from '@tanstack/react-query';
import { teamCalls, type CallInput } from '@tidemark/contract';
import { request } from '../../../api/client';
import { useInvalidate, type Keyed } from '../../../api/keyed';
import { teamKeys } from './team-keys';

/** Released earnings to the coin wallet (the transfer day only). */
export function useTransferEarnings(related: readonly QueryKey[] = []) {
  const refresh = useInvalidate(teamKeys.all(), related);
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<CallInput<typeof teamCalls.moneyTransfer>>) =>
      request(teamCalls.moneyTransfer, input, { loading: true, idempotencyKey }),
    onSettled: refresh,
  });
}

/** Earnings withdrawn to a bound address through the normal withdrawal (quiet: the page says why). */
export function useWithdrawEarnings(related: readonly QueryKey[] = []) {
  const refresh = useInvalidate(teamKeys.all(), related);
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<CallInput<typeof teamCalls.withdrawCurrency>>) =>
      request(teamCalls.withdrawCurrency, input, { loading: true, quiet: true, idempotencyKey }),
    onSettled: refresh,
  });
}
