import type { BoundWallet } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '../../../api/client';
import { confirmDialog } from '../../../ui/dialog';
import { showToast } from '../../../ui/toast';
import { useDeleteWallet } from '../api/wallet-mutations';

/**
 * Deletes a bound withdrawal address once the user confirms it. A refusal or a network failure
 * has already been shown by the request client.
 */
export function useConfirmDeleteWallet(): (wallet: BoundWallet) => Promise<void> {
  const { t } = useTranslation();
  const remove = useDeleteWallet();
  return async (wallet) => {
    const confirmed = await confirmDialog({
      content: t('wallet.deleteConfirm', { address: wallet.address }),
      confirmText: t('wallet.delete'),
      cancelText: t('common.cancel'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(wallet.id);
      showToast(t('success.operation'), 'success');
    } catch (error) {
      if (!(error instanceof ApiError || error instanceof NetworkError)) throw error;
    }
  };
}
