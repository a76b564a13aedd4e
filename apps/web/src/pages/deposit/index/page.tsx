import { moneyCalls, QUOTE_CURRENCY } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSubmit } from '../../../api/use-submit';
import { validateForm } from '../../../api/validate';
import { finishAmount } from '../../../features/assets/amounts';
import { createKeyKeeper } from '../../../features/assets/idempotency';
import { useSubmitDeposit, type DepositInput } from '../../../features/money/api/money-mutations';
import { AmountField } from '../../../ui/amount-field';
import { DepositAddress } from '../../../features/money/components/deposit-address';
import { MoneyFormPage } from '../../../features/money/components/money-form-page';
import { MONEY_ROUTES, withQuery } from '../../../features/money/routes';
import { useWalletCurrencies } from '../../../features/wallet/api/wallet-queries';
import { ChainChips } from '../../../features/wallet/components/chain-chips';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { ImageUploader, type PickedImage } from '../../../ui/image-uploader';
import { LoadingView } from '../../../ui/loading-view';

/**
 * Deposit: choose the currency and chain, send to the platform's address (QR code and copy), then
 * tell us the amount with a screenshot of the transfer (and its hash if at hand). An operator
 * credits it to the real book after review.
 */
export default function DepositPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const currency = (params.get('currency') ?? QUOTE_CURRENCY).toUpperCase();
  const currencies = useWalletCurrencies();
  const [amount, setAmount] = useState('');
  const [image, setImage] = useState<PickedImage | null>(null);
  const [txHash, setTxHash] = useState('');
  const [keys] = useState(createKeyKeeper);
  const deposit = useSubmitDeposit();

  const entry = currencies.data?.find((c) => c.currency === currency);
  const chains = entry?.chains.filter((c) => c.depositEnabled) ?? [];
  const wanted = params.get('chain');
  const chain = chains.find((c) => c.chain === wanted) ?? chains[0];

  const pickChain = (next: string) =>
    setParams(
      (current) => {
        current.set('chain', next);
        return current;
      },
      { replace: true },
    );

  const [busy, submit] = useSubmit(async () => {
    if (!chain) return;
    const values = {
      currency,
      chain: chain.chain,
      amount: finishAmount(amount),
      image: image?.file,
      txHash: txHash.trim() || undefined,
    };
    // A missing screenshot is the contract schema's to refuse (requiredItems), as on the server.
    const input = await validateForm(moneyCalls.insertUserRecharge, values as DepositInput);
    if (!input) return;
    const file = image?.file;
    const fingerprint = JSON.stringify([
      currency,
      chain.chain,
      values.amount,
      values.txHash,
      file ? [file.name, file.size, file.lastModified] : null,
    ]);
    // A refusal is an answer; a lost answer keeps the key so pressing again cannot submit twice.
    const record = await keys.send(fingerprint, (idempotencyKey) =>
      deposit.mutateAsync({ input, idempotencyKey }),
    );
    // The success page confirms this record by its id; the record itself saves it a lookup.
    navigate(withQuery(MONEY_ROUTES.depositSuccess, { id: record.id }), {
      replace: true,
      state: { record },
    });
  });

  let body;
  if (currencies.isError) {
    body = <ErrorView title={t('errors.networkError')} onRetry={() => void currencies.refetch()} />;
  } else if (!currencies.data) {
    body = <LoadingView />;
  } else if (!chain) {
    body = <EmptyData text={t('deposit.noChains', { currency })} />;
  } else {
    body = (
      <>
        <h2 className="transfer__label">{t('deposit.chain')}</h2>
        <ChainChips
          label={t('deposit.chain')}
          chains={chains.map((c) => ({ chain: c.chain }))}
          value={chain.chain}
          onChange={pickChain}
        />

        <DepositAddress currency={currency} chain={chain.chain} address={chain.depositAddress} />

        <AmountField
          label={t('deposit.amount')}
          value={amount}
          onChange={setAmount}
          decimals={chain.decimals}
          placeholder={t('deposit.amountPlaceholder')}
          currency={currency}
        />

        <div className="money-block">
          <ImageUploader
            name="image"
            label={t('deposit.screenshot')}
            hint={t('deposit.screenshotHint')}
            value={image}
            onChange={setImage}
          />
        </div>

        <h2 className="transfer__label">{t('deposit.txHash')}</h2>
        <div className="transfer-amount">
          <Input
            name="txHash"
            autoComplete="off"
            value={txHash}
            onChange={(typed) => setTxHash(typed.replace(/\s+/g, ''))}
            placeholder={t('deposit.txHashPlaceholder')}
            aria-label={t('deposit.txHash')}
          />
        </div>

        <div className="form-actions">
          <Button block color="primary" size="large" loading={busy} onClick={() => submit()}>
            {t('deposit.submit')}
          </Button>
        </div>
        <p className="form-hint">{t('deposit.reviewHint')}</p>
      </>
    );
  }

  return (
    <MoneyFormPage direction="deposit" currency={currency}>
      {body}
    </MoneyFormPage>
  );
}
