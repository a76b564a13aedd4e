import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { moneyCalls, type CallInput } from '@tidemark/contract';
import { request } from '../../../api/client';
import { moneyKeys } from './money-keys';

export type DepositInput = CallInput<typeof moneyCalls.insertUserRecharge>;
export type WithdrawInput = CallInput<typeof moneyCalls.insertUserWithdraw>;

/**
 * The idempotency key comes with the input: it belongs to the user's press of Submit, not to
 * this request (see createKeyKeeper). Other features' keys showing the same money (balances, the
 * account-change log) are passed by the page, as this feature does not reach into another.
 */
interface Keyed<T> {
  input: T;
  idempotencyKey: string;
}

export function useSubmitDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<DepositInput>) =>
      request(moneyCalls.insertUserRecharge, input, { loading: true, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}

/**
 * Quiet: the withdrawal page shows each refusal itself, leading to the page that fixes it when
 * there is one (SPEC.md section 8: "wallet not bound, go set the withdrawal address").
 */
export function useSubmitWithdrawal(related: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<WithdrawInput>) =>
      request(moneyCalls.insertUserWithdraw, input, {
        loading: true,
        quiet: true,
        idempotencyKey,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moneyKeys.all }),
        ...related.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]),
  });
}
