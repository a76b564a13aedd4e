import type { ChainInfo } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import TextArea from 'antd-mobile/es/components/text-area';
import { AddOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSubmit } from '../../../api/use-submit';
import { withQuery } from '../../../features/money/routes';
import { checkDepositAddress, cleanAddress } from '../../../features/wallet/address-checks';
import { useSaveDepositAddress } from '../../../features/wallet/api/wallet-mutations';
import {
  useBoundWallets,
  useDepositAddresses,
  useWalletCurrencies,
} from '../../../features/wallet/api/wallet-queries';
import { BoundWalletItem } from '../../../features/wallet/components/bound-wallet-item';
import { useConfirmDeleteWallet } from '../../../features/wallet/hooks/use-confirm-delete-wallet';
import { WALLET_ROUTES } from '../../../features/wallet/routes';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import { Sheet } from '../../../ui/sheet';
import { showToast } from '../../../ui/toast';
import '../../../features/money/money.css';
import '../../../features/wallet/wallet.css';

/** The sheet that records the address the user sends deposits from on one chain. */
function DepositAddressSheet({
  target,
  current,
  onClose,
}: {
  target: ChainInfo | null;
  current: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<string | null>(null);
  const saveAddress = useSaveDepositAddress();
  const address = typed ?? current;
  const close = () => {
    setTyped(null);
    onClose();
  };
  const [busy, save] = useSubmit(async () => {
    if (!target) return;
    const input = await checkDepositAddress(
      { currency: target.currency, chain: target.chain, address },
      target.addressFormat,
    );
    if (!input) return;
    await saveAddress.mutateAsync(input);
    showToast(t('success.saved'), 'success');
    close();
  });
  return (
    <Sheet open={target !== null} onClose={close} bodyClassName="pay-sheet">
      {target ? (
        <>
          <strong className="pay-sheet__title">
            {t('wallet.depositAddress.sheetTitle', {
              currency: target.currency,
              chain: target.chain,
            })}
          </strong>
          <div className="address-input">
            <TextArea
              name="depositAddress"
              value={address}
              onChange={(next) => setTyped(cleanAddress(next))}
              placeholder={t('wallet.addressPlaceholder', { chain: target.chain })}
              autoSize={{ minRows: 2, maxRows: 4 }}
              maxLength={128}
              aria-label={t('wallet.address')}
            />
          </div>
          <p className="form-hint">{t(`wallet.formats.${target.addressFormat}`)}</p>
          <div className="pay-sheet__actions">
            <Button block color="primary" size="large" loading={busy} onClick={() => save()}>
              {t('wallet.save')}
            </Button>
          </div>
        </>
      ) : null}
    </Sheet>
  );
}

/**
 * wallet/index: the bound withdrawal addresses (add, edit, delete with confirm), and the
 * addresses the user sends deposits from, one per chain, so reviewers can match a transfer.
 */
export default function WalletListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wallets = useBoundWallets();
  const currencies = useWalletCurrencies();
  const depositAddresses = useDepositAddresses();
  const deleteWallet = useConfirmDeleteWallet();
  const [editingChain, setEditingChain] = useState<ChainInfo | null>(null);

  let bound;
  if (wallets.isError) {
    bound = <ErrorView title={t('errors.networkError')} onRetry={() => void wallets.refetch()} />;
  } else if (!wallets.data) {
    bound = <LoadingView />;
  } else if (wallets.data.length === 0) {
    bound = <EmptyData text={t('wallet.empty')} />;
  } else {
    bound = (
      <ul className="bound-wallets">
        {wallets.data.map((wallet) => (
          <BoundWalletItem
            key={wallet.id}
            wallet={wallet}
            onEdit={(w) => navigate(withQuery(WALLET_ROUTES.address, { id: w.id }))}
            onDelete={(w) => void deleteWallet(w)}
          />
        ))}
      </ul>
    );
  }

  const chains = (currencies.data ?? []).flatMap((c) => c.chains.filter((x) => x.depositEnabled));
  const ownAddress = (chain: ChainInfo) =>
    depositAddresses.data?.find((a) => a.currency === chain.currency && a.chain === chain.chain);

  return (
    <div>
      <PageHeader
        title={t('wallet.title')}
        fallback="/pages/setting/index"
        right={
          <button
            type="button"
            className="icon-button"
            aria-label={t('wallet.add')}
            onClick={() => navigate(WALLET_ROUTES.address)}
          >
            <AddOutline />
          </button>
        }
      />
      <div className="page-body money-page">
        <h2 className="transfer__label transfer__label--first">
          {t('wallet.withdrawalAddresses')}
        </h2>
        {bound}
        <button type="button" className="add-row" onClick={() => navigate(WALLET_ROUTES.address)}>
          <AddOutline /> {t('wallet.add')}
        </button>

        <h2 className="transfer__label">{t('wallet.depositAddress.title')}</h2>
        <p className="form-hint wallet-hint">{t('wallet.depositAddress.hint')}</p>
        {currencies.data && depositAddresses.data ? (
          <ul className="deposit-addresses">
            {chains.map((chain) => {
              const own = ownAddress(chain);
              return (
                <li key={chain.id} data-chain={chain.chain} data-currency={chain.currency}>
                  <span className="deposit-addresses__what">
                    <strong>{chain.currency}</strong>
                    <span className="chip">{chain.chain}</span>
                  </span>
                  <span
                    className={own ? 'deposit-addresses__address mono' : 'muted'}
                    dir={own ? 'ltr' : undefined}
                  >
                    {own ? own.address : t('wallet.depositAddress.none')}
                  </span>
                  <button
                    type="button"
                    className="text-button"
                    onClick={() => setEditingChain(chain)}
                  >
                    {own ? t('wallet.edit') : t('wallet.depositAddress.add')}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : currencies.isError || depositAddresses.isError ? (
          <ErrorView
            title={t('errors.networkError')}
            onRetry={() => void Promise.all([currencies.refetch(), depositAddresses.refetch()])}
          />
        ) : (
          <LoadingView />
        )}
      </div>
      <DepositAddressSheet
        key={editingChain?.id ?? 0}
        target={editingChain}
        current={editingChain ? (ownAddress(editingChain)?.address ?? '') : ''}
        onClose={() => setEditingChain(null)}
      />
    </div>
  );
}
