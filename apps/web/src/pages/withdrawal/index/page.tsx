import {
  isErrorKey,
  parseMoney,
  QUOTE_CURRENCY,
  trimDecimal,
  type BoundWallet,
  type ErrorKey,
  type MessageParams,
} from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import { AddOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, envelopeMessage, NetworkError } from '../../../api/client';
import { useSubmit } from '../../../api/use-submit';
import { finishAmount } from '../../../features/assets/amounts';
import { assetsKeys } from '../../../features/assets/api/assets-queries';
import { createKeyKeeper } from '../../../features/assets/idempotency';
import { useSubmitWithdrawal } from '../../../features/money/api/money-mutations';
import { useWithdrawTerms } from '../../../features/money/api/money-queries';
import { AmountField } from '../../../ui/amount-field';
import { formatAmount, formatMoneyText, formatUsdt } from '../../../ui/amount-format';
import { MoneyFormPage } from '../../../features/money/components/money-form-page';
import { PayPasswordSheet } from '../../../features/money/components/pay-password-sheet';
import { showRefusal } from '../../../features/money/refusal-dialog';
import { MONEY_ROUTES, withQuery } from '../../../features/money/routes';
import {
  FIX_ROUTES,
  fixOf,
  maxWithdrawable,
  overBalance,
  underMinimum,
  totalWithFee,
  volumeRefusal,
  withdrawRefusal,
  type Refusal,
  type RefusalFix,
} from '../../../features/money/withdraw-checks';
import { useBoundWallets } from '../../../features/wallet/api/wallet-queries';
import { BoundWalletItem } from '../../../features/wallet/components/bound-wallet-item';
import { useConfirmDeleteWallet } from '../../../features/wallet/hooks/use-confirm-delete-wallet';
import { WALLET_ROUTES } from '../../../features/wallet/routes';
import { ErrorView } from '../../../ui/error-view';
import { i18next } from '../../../ui/i18n';
import { LoadingView } from '../../../ui/loading-view';
import { showToast } from '../../../ui/toast';
import '../../../features/wallet/wallet.css';

/**
 * Withdrawal: choose a bound address, enter the amount (or all of it), see the fee, the minimum,
 * what arrives and what leaves the wallet, the trading-volume threshold and the user's volume, then
 * confirm with the pay password. Each refusal shows its catalogue text; the ones with a fix lead to
 * the page that fixes them.
 */
export default function WithdrawalPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const currency = (params.get('currency') ?? QUOTE_CURRENCY).toUpperCase();
  const wallets = useBoundWallets();
  const mine = (wallets.data ?? []).filter((w) => w.currency === currency);
  const wantedId = Number(params.get('wallet'));
  const wallet: BoundWallet | undefined = mine.find((w) => w.id === wantedId) ?? mine[0];
  const terms = useWithdrawTerms(currency, wallet?.chain);
  const [amount, setAmount] = useState('');
  const [asking, setAsking] = useState(false);
  const [keys] = useState(createKeyKeeper);
  // What the sheet collected for the send in progress; never kept in state or rendered.
  const typedPassword = useRef('');
  const withdraw = useSubmitWithdrawal([assetsKeys.all]);
  const deleteWallet = useConfirmDeleteWallet();

  const info = terms.data;
  const decimals = info?.decimals ?? 8;
  const total = info ? totalWithFee(amount, info.fee) : null;

  const chooseWallet = (next: BoundWallet) =>
    setParams(
      (current) => {
        current.set('wallet', String(next.id));
        return current;
      },
      { replace: true },
    );

  const addAddress = () =>
    navigate(withQuery(WALLET_ROUTES.address, { currency, chain: wallet?.chain ?? info?.chain }));

  const refuse = async (refusal: Refusal) => {
    const route = await showRefusal(refusal);
    if (route === WALLET_ROUTES.address) addAddress();
    else if (route) navigate(route);
  };

  const review = () => {
    if (!info) return;
    const refusal = withdrawRefusal(info, { walletId: wallet?.id ?? null, amount });
    if (refusal) void refuse(refusal);
    else setAsking(true);
  };

  const [busy, send] = useSubmit(async () => {
    if (!wallet || !info) return;
    const input = { walletId: wallet.id, amount: finishAmount(amount) };
    // The pay password is not part of the action: retrying after a lost answer keeps the key.
    const idempotencyKey = keys.keyFor(JSON.stringify([input.walletId, input.amount]));
    const payPassword = typedPassword.current;
    typedPassword.current = '';
    let record;
    try {
      record = await withdraw.mutateAsync({ input: { ...input, payPassword }, idempotencyKey });
    } catch (error) {
      if (error instanceof ApiError) {
        keys.settle();
        setAsking(false);
        const code = error.code;
        const fix = fixOf(code);
        if (fix && isErrorKey(code)) void refuse({ key: code, fix });
        else showToast(envelopeMessage(error.envelope), 'fail');
      } else if (error instanceof NetworkError) {
        showToast(i18next.t('errors.networkError'), 'fail');
      }
      throw error;
    }
    keys.settle();
    setAsking(false);
    // The success page confirms this record by its id; the record itself saves it a lookup.
    navigate(withQuery(MONEY_ROUTES.withdrawSuccess, { id: record.id }), {
      replace: true,
      state: { record },
    });
  });

  let form;
  if (terms.isError && !info) {
    form = <ErrorView title={t('errors.networkError')} onRetry={() => void terms.refetch()} />;
  } else if (!info || !wallets.data) {
    form = <LoadingView />;
  } else {
    const max = maxWithdrawable(info.available, info.fee, decimals);
    // What is missing before any withdrawal can go ahead, each leading to the page that fixes it
    // (a freeze only an operator can lift has no such page).
    const notices: {
      key: ErrorKey;
      params?: MessageParams;
      fix?: { label: RefusalFix; onFix: () => void };
    }[] = [];
    if (info.withdrawFrozen) notices.push({ key: 'withdrawFrozen' });
    if (mine.length === 0)
      notices.push({ key: 'walletNotBound', fix: { label: 'wallet', onFix: addAddress } });
    if (!info.primaryVerified) {
      notices.push({
        key: 'primaryVerificationRequired',
        fix: { label: 'verify', onFix: () => navigate(FIX_ROUTES.verify) },
      });
    }
    if (!info.payPasswordSet) {
      notices.push({
        key: 'noPayPassword',
        fix: { label: 'payPassword', onFix: () => navigate(FIX_ROUTES.payPassword) },
      });
    }
    if (!info.volumeMet) {
      const { key, params } = volumeRefusal(info);
      notices.push({
        key,
        params,
        fix: { label: 'trade', onFix: () => navigate(FIX_ROUTES.trade) },
      });
    }
    const short = overBalance(info, amount);
    form = (
      <>
        {notices.length > 0 ? (
          <div className="money-notices" role="note">
            {notices.map((notice) => (
              <div key={notice.key} className="money-notice" data-refusal={notice.key}>
                <p>{t(`errors.${notice.key}`, notice.params ?? {})}</p>
                {notice.fix ? (
                  <Button size="small" color="primary" onClick={notice.fix.onFix}>
                    {t(`withdraw.fix.${notice.fix.label}`)}
                  </Button>
                ) : null}
              </div>
            ))}
          </div>
        ) : null}

        <div className="money-section-head">
          <h2 className="transfer__label">{t('withdraw.address')}</h2>
          <button
            type="button"
            className="text-button"
            onClick={() => navigate(WALLET_ROUTES.list)}
          >
            {t('withdraw.manage')}
          </button>
        </div>
        {mine.length > 0 ? (
          <ul className="bound-wallets" role="radiogroup" aria-label={t('withdraw.address')}>
            {mine.map((w) => (
              <BoundWalletItem
                key={w.id}
                wallet={w}
                selected={w.id === wallet?.id}
                onSelect={chooseWallet}
                onEdit={(target) => navigate(withQuery(WALLET_ROUTES.address, { id: target.id }))}
                onDelete={(target) => void deleteWallet(target)}
              />
            ))}
          </ul>
        ) : null}
        <button type="button" className="add-row" onClick={addAddress}>
          <AddOutline /> {t('wallet.add')}
        </button>

        <AmountField
          label={t('withdraw.amount')}
          value={amount}
          onChange={setAmount}
          decimals={decimals}
          placeholder={t('withdraw.amountPlaceholder', {
            min: formatAmount(info.minimum, currency),
          })}
          currency={currency}
          onEnterPress={review}
        >
          <button
            type="button"
            className="text-button transfer-amount__all"
            onClick={() => setAmount(max === '0' ? '' : trimDecimal(max))}
          >
            {t('assets.all')}
          </button>
        </AmountField>
        <p className="transfer__available" data-available={info.available}>
          {t('withdraw.available', { amount: formatAmount(info.available, currency), currency })}
        </p>
        {short ? (
          <p className="transfer__warning" role="alert" data-refusal="insufficientBalance">
            {t('errors.insufficientBalance')}
          </p>
        ) : underMinimum(info, amount) ? (
          <p className="transfer__warning" role="alert" data-refusal="withdrawBelowMinimum">
            {t('errors.withdrawBelowMinimum', {
              min: formatAmount(info.minimum, currency),
              currency,
            })}
          </p>
        ) : null}

        <dl className="detail-rows money-card">
          <div>
            <dt>{t('withdraw.chain')}</dt>
            <dd>{info.chain}</dd>
          </div>
          <div>
            <dt>{t('withdraw.fee')}</dt>
            <dd data-field="fee">{formatMoneyText(info.fee, currency)}</dd>
          </div>
          <div>
            <dt>{t('withdraw.minimum')}</dt>
            <dd data-field="minimum">{formatMoneyText(info.minimum, currency)}</dd>
          </div>
          <div>
            <dt>{t('withdraw.received')}</dt>
            <dd data-field="received">
              {total ? formatMoneyText(finishAmount(amount), currency) : '--'}
            </dd>
          </div>
          <div>
            <dt>{t('withdraw.total')}</dt>
            <dd data-field="total">{total ? formatMoneyText(total, currency) : '--'}</dd>
          </div>
          <div>
            <dt>{t('withdraw.volume')}</dt>
            <dd data-field="volume" data-met={info.volumeMet}>
              <span className={info.volumeMet ? 'volume volume--met' : 'volume'}>
                {/* A threshold of 0 is the check turned off: nothing to count toward. */}
                {parseMoney(info.volumeThreshold) === 0n
                  ? t('withdraw.volumeNotRequired')
                  : t('withdraw.volumeValue', {
                      current: formatUsdt(info.volume),
                      required: formatUsdt(info.volumeThreshold),
                    })}
              </span>
            </dd>
          </div>
        </dl>

        <div className="form-actions">
          <Button block color="primary" size="large" loading={busy} onClick={review}>
            {t('withdraw.submit')}
          </Button>
        </div>
        <p className="form-hint">{t('withdraw.hint', { minutes: info.estimatedMinutes })}</p>
      </>
    );
  }

  return (
    <MoneyFormPage
      direction="withdraw"
      currency={currency}
      overlay={
        <PayPasswordSheet
          open={asking}
          busy={busy}
          summary={t('withdraw.payPassword.summary', {
            amount: formatAmount(finishAmount(amount) || '0', currency),
            currency,
          })}
          onConfirm={(password) => {
            typedPassword.current = password;
            void send();
          }}
          onClose={() => setAsking(false)}
          onForgot={() => navigate(FIX_ROUTES.payPassword)}
        />
      }
    >
      {form}
    </MoneyFormPage>
  );
}
