import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletCalls, type CallInput } from '@tidemark/contract';
import { request } from '../../../api/client';
import { walletKeys } from './wallet-queries';

export type BindWalletInput = CallInput<typeof walletCalls.userBindingWallet>;
export type DepositAddressInput = CallInput<typeof walletCalls.insertUserAddress>;

/**
 * Binds a new withdrawal address, or edits one when an id is given (no new image keeps the old
 * one). The withdrawal page's terms (walletBound) are read again on every arrival, and follow
 * the chosen address's chain, so only the wallet lists are invalidated.
 */
export function useSaveWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: BindWalletInput }) =>
      id === null
        ? request(walletCalls.userBindingWallet, input, { loading: true })
        : request(walletCalls.userUpdateWallet, { id, ...input }, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.user() }),
  });
}

export function useDeleteWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(walletCalls.userDeleteWallet, { id }, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.user() }),
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
