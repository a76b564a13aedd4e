import { useMutation, type QueryKey } from '@tanstack/react-query';
import { moneyCalls, type CallInput } from '@tidemark/contract';
import { request } from '../../../api/client';
import { useInvalidate, type Keyed } from '../../../api/keyed';
import { moneyKeys } from './money-keys';

export type DepositInput = CallInput<typeof moneyCalls.insertUserRecharge>;
export type WithdrawInput = CallInput<typeof moneyCalls.insertUserWithdraw>;

export function useSubmitDeposit() {
  const refresh = useInvalidate(moneyKeys.all);
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<DepositInput>) =>
      request(moneyCalls.insertUserRecharge, input, { loading: true, idempotencyKey }),
    onSuccess: refresh,
  });
}

/**
 * Other features' keys showing the same money (balances, the account-change log) are passed by
 * the page. Quiet: the withdrawal page shows each refusal itself, leading to the page that fixes
 * it when there is one (SPEC.md section 8: "wallet not bound, go set the withdrawal address").
 */
export function useSubmitWithdrawal(related: readonly QueryKey[] = []) {
  const refresh = useInvalidate(moneyKeys.all, related);
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<WithdrawInput>) =>
      request(moneyCalls.insertUserWithdraw, input, {
        loading: true,
        quiet: true,
        idempotencyKey,
      }),
    onSuccess: refresh,
  });
}
