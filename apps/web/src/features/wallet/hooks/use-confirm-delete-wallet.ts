import type { BoundWallet } from '@tidemark/contract';
import Dialog from 'antd-mobile/es/components/dialog';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '../../../api/client';
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
    const confirmed = await Dialog.confirm({
      content: t('wallet.deleteConfirm', { address: wallet.address }),
      confirmText: t('wallet.delete'),
      cancelText: t('common.cancel'),
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
