import { QUOTE_CURRENCY } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import TextArea from 'antd-mobile/es/components/text-area';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSubmit } from '../../../api/use-submit';
import { useUploadImage } from '../../../features/money/api/upload-image';
import { parseId } from '../../../features/money/routes';
import { checkWalletForm, cleanAddress } from '../../../features/wallet/address-checks';
import { useSaveWallet } from '../../../features/wallet/api/wallet-mutations';
import { useBoundWallets, useWalletCurrencies } from '../../../features/wallet/api/wallet-queries';
import { ChainChips } from '../../../features/wallet/components/chain-chips';
import { WALLET_ROUTES } from '../../../features/wallet/routes';
import { ErrorView } from '../../../ui/error-view';
import { ImageUploader, type PickedImage } from '../../../ui/image-uploader';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader, useGoBack } from '../../../ui/page-header';
import { showToast } from '../../../ui/toast';
import '../../../features/money/money.css';
import '../../../features/wallet/wallet.css';

/**
 * wallet/WalletAddress: bind a withdrawal address (currency, chain type, the address checked
 * against the chain's format here as well as on the server, an optional screenshot), or edit one
 * (?id=); the withdrawal page links here with the currency and chain it needs (?currency=&chain=).
 */
export default function WalletAddressPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const [params] = useSearchParams();
  const editId = parseId(params.get('id'));
  const currencies = useWalletCurrencies();
  const wallets = useBoundWallets();
  const editing = editId === null ? null : wallets.data?.find((w) => w.id === editId);

  // Typed values; until the user changes a field, the edited wallet (or the link) supplies it.
  const [currencyPick, setCurrencyPick] = useState<string | null>(null);
  const [chainPick, setChainPick] = useState<string | null>(null);
  const [addressTyped, setAddressTyped] = useState<string | null>(null);
  const [image, setImage] = useState<PickedImage | null>(null);
  const currentImage = useUploadImage(editing?.imageId);
  const save = useSaveWallet();

  const currency = (
    currencyPick ??
    editing?.currency ??
    params.get('currency') ??
    QUOTE_CURRENCY
  ).toUpperCase();
  const entry = currencies.data?.find((c) => c.currency === currency);
  const chains = entry?.chains ?? [];
  const wantedChain = chainPick ?? editing?.chain ?? params.get('chain');
  const chain = chains.find((c) => c.chain === wantedChain) ?? chains[0];
  const address = addressTyped ?? editing?.address ?? '';

  const [busy, submit] = useSubmit(async () => {
    const input = await checkWalletForm(
      { currency, chain: chain?.chain ?? '', address, image: image?.file },
      chain?.addressFormat,
    );
    if (!input) return;
    await save.mutateAsync({ id: editId, input });
    showToast(t('success.saved'), 'success');
    goBack(WALLET_ROUTES.list);
  });

  const title = editId === null ? t('wallet.addTitle') : t('wallet.editTitle');
  let body;
  if (currencies.isError || wallets.isError) {
    body = (
      <ErrorView
        title={t('errors.networkError')}
        onRetry={() => void Promise.all([currencies.refetch(), wallets.refetch()])}
      />
    );
  } else if (!currencies.data || !wallets.data) {
    body = <LoadingView />;
  } else if (editId !== null && !editing) {
    body = <ErrorView title={t('errors.notFound')} onRetry={() => void wallets.refetch()} />;
  } else {
    body = (
      <>
        <h2 className="transfer__label transfer__label--first">{t('wallet.currency')}</h2>
        <ChainChips
          label={t('wallet.currency')}
          chains={currencies.data.map((c) => ({ chain: c.currency }))}
          value={currency}
          onChange={(next) => {
            setCurrencyPick(next);
            setChainPick(null);
          }}
        />
        <h2 className="transfer__label">{t('wallet.chain')}</h2>
        <ChainChips
          label={t('wallet.chain')}
          chains={chains.map((c) => ({ chain: c.chain, disabled: !c.withdrawEnabled }))}
          value={chain?.chain ?? null}
          onChange={setChainPick}
        />
        <h2 className="transfer__label">{t('wallet.address')}</h2>
        <div className="address-input">
          <TextArea
            name="address"
            value={address}
            onChange={(typed) => setAddressTyped(cleanAddress(typed))}
            placeholder={t('wallet.addressPlaceholder', { chain: chain?.chain ?? '' })}
            autoSize={{ minRows: 2, maxRows: 4 }}
            maxLength={128}
            aria-label={t('wallet.address')}
          />
        </div>
        {chain ? <p className="form-hint">{t(`wallet.formats.${chain.addressFormat}`)}</p> : null}
        <div className="money-block">
          <ImageUploader
            name="image"
            label={t('wallet.screenshot')}
            hint={t('wallet.screenshotHint')}
            value={image}
            onChange={setImage}
            currentUrl={currentImage}
          />
        </div>
        <div className="form-actions">
          <Button block color="primary" size="large" loading={busy} onClick={() => submit()}>
            {t('wallet.save')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <div>
      <PageHeader title={title} fallback={WALLET_ROUTES.list} />
      <div className="page-body money-page">{body}</div>
    </div>
  );
}
