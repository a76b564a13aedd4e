import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assetsCalls, type AccountMode, type CallInput } from '@tidemark/contract';
import { request } from '../../../api/client';
import { useSession } from '../../../api/session';
import { assetsKeys } from './assets-queries';

export type TransferInput = CallInput<typeof assetsCalls.transferUserMoney>;

/**
 * Moves funds between the user's wallets of the current book. The idempotency key comes with the
 * input because it belongs to the user's press of Confirm, not to this request (createKeyKeeper).
 */
export function useTransfer(mode: AccountMode | undefined) {
  const queryClient = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: TransferInput; idempotencyKey: string }) =>
      request(assetsCalls.transferUserMoney, input, { loading: true, idempotencyKey }),
    onSuccess: async () => {
      // Everything of the assets domain is out of date; this book's balances are fetched again
      // before the caller goes back, so the assets page opens on fresh numbers. Nothing else is
      // refetched here: the server answers for the current book only, and the log loads when shown.
      await queryClient.invalidateQueries({ queryKey: assetsKeys.all, refetchType: 'none' });
      await queryClient.refetchQueries({
        queryKey: assetsKeys.bookMoney(token, mode),
        exact: true,
      });
    },
  });
}
