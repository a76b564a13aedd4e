import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { walletCalls, type CallInput } from '@tidemark/contract';
import { request } from '../../../api/client';
import { walletKeys } from './wallet-queries';

export type BindWalletInput = CallInput<typeof walletCalls.userBindingWallet>;
export type DepositAddressInput = CallInput<typeof walletCalls.insertUserAddress>;

/**
 * Binds a new withdrawal address, or edits one when an id is given (no new image keeps the old
 * one). Other features showing the bound list (the withdrawal page's terms) pass their keys.
 */
export function useSaveWallet(related: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: BindWalletInput }) =>
      id === null
        ? request(walletCalls.userBindingWallet, input, { loading: true })
        : request(walletCalls.userUpdateWallet, { id, ...input }, { loading: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: walletKeys.user() }),
        ...related.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]),
  });
}

export function useDeleteWallet(related: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(walletCalls.userDeleteWallet, { id }, { loading: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: walletKeys.user() }),
        ...related.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]),
  });
}

/** Records (or replaces) the address the user sends deposits from on one chain. */
export function useSaveDepositAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DepositAddressInput) =>
      request(walletCalls.insertUserAddress, input, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.user() }),
  });
}
