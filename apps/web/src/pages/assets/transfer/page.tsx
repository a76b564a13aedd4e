import { ACCOUNT_TYPES, type AccountType } from '@tidemark/contract';
import { trimDecimal } from '@tidemark/contract/rules';
import Button from 'antd-mobile/es/components/button';
import { DownOutline, RightOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSubmit } from '../../../api/use-submit';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { formatAmount } from '../../../ui/amount-format';
import { useTransfer } from '../../../features/assets/api/assets-mutations';
import { useUserMoney } from '../../../features/assets/api/assets-queries';
import { BookChip } from '../../../features/assets/components/book-chip';
import { CurrencyBadge } from '../../../features/assets/components/currency-badge';
import { OptionSheet } from '../../../features/assets/components/option-sheet';
import { createKeyKeeper } from '../../../features/assets/idempotency';
import { checkTransfer } from '../../../features/assets/transfer-checks';
import {
  availableOf,
  destinationOf,
  parseWallet,
  transferCurrencies,
  type TransferState,
} from '../../../features/assets/wallets';
import { AmountField } from '../../../ui/amount-field';
import { PageHeader } from '../../../ui/page-header';
import { showToast } from '../../../ui/toast';
import { SwapIcon } from './swap-icon';

type Sheet = 'from' | 'to' | 'currency' | null;

const ASSETS_ROUTE = '/pages/assets/index';

/** Moves funds between the user's own wallets (coin, contract, cft) of the current book. */
export default function TransferPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [from, setFrom] = useState<AccountType>(() => parseWallet(params.get('from')));
  const [to, setTo] = useState<AccountType>(() => destinationOf(from, params.get('to')));
  const [wanted, setWanted] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [sheet, setSheet] = useState<Sheet>(null);
  const [keys] = useState(createKeyKeeper);
  const user = useUserInfo();
  const mode = user.data?.mode;
  const money = useUserMoney(mode);
  const transfer = useTransfer(mode);

  const held = money.data?.wallets[from] ?? [];
  const currencies = transferCurrencies(held);
  // A currency picked for one wallet falls back to USDT when the from-wallet does not hold it.
  const currency = wanted && currencies.includes(wanted) ? wanted : currencies[0]!;
  const available = availableOf(held, currency);

  // The two sides must differ: choosing the other side's wallet swaps them.
  const pickFrom = (next: AccountType) => {
    if (next === to) setTo(from);
    setFrom(next);
  };
  const pickTo = (next: AccountType) => {
    if (next === from) setFrom(to);
    setTo(next);
  };
  const swap = () => {
    setFrom(to);
    setTo(from);
  };

  const [busy, submit] = useSubmit(async () => {
    const input = await checkTransfer({ from, to, currency, amount }, available);
    if (!input) return;
    // A refusal is an answer; a lost answer keeps the key so pressing again cannot pay twice.
    await keys.send(JSON.stringify([mode, input]), (idempotencyKey) =>
      transfer.mutateAsync({ input, idempotencyKey }),
    );
    showToast(t('success.operation'), 'success');
    // Opened from a page that needs the funds (assets, a product's form): back to it.
    if ((location.state as TransferState | null)?.returnAfter) navigate(-1);
    else navigate(`${ASSETS_ROUTE}?wallet=${from}`, { replace: true });
  });

  const walletOptions = ACCOUNT_TYPES.map((w) => ({ value: w, label: t(`assets.wallets.${w}`) }));
  const currencyOptions = currencies.map((c) => ({
    value: c,
    label: (
      <span className="transfer-currency">
        <CurrencyBadge currency={c} />
        {c}
      </span>
    ),
    extra: formatAmount(availableOf(held, c), c),
  }));

  return (
    <div>
      <PageHeader
        title={t('assets.transfer')}
        fallback={ASSETS_ROUTE}
        right={
          <span className="transfer-header">
            {mode ? <BookChip mode={mode} /> : null}
            <button
              type="button"
              className="icon-button"
              aria-label={t('assets.log.title')}
              onClick={() => navigate('/pages/index/list?type=other')}
            >
              <UnorderedListOutline />
            </button>
          </span>
        }
      />
      <div className="page-body transfer">
        <div className="transfer-route">
          <button type="button" className="transfer-route__side" onClick={() => setSheet('from')}>
            <span className="transfer-route__label">{t('assets.from')}</span>
            <strong data-side="from" data-wallet={from}>
              {t(`assets.wallets.${from}`)}
            </strong>
            <DownOutline className="muted" />
          </button>
          <button type="button" className="transfer-route__side" onClick={() => setSheet('to')}>
            <span className="transfer-route__label">{t('assets.to')}</span>
            <strong data-side="to" data-wallet={to}>
              {t(`assets.wallets.${to}`)}
            </strong>
            <DownOutline className="muted" />
          </button>
          <button
            type="button"
            className="transfer-route__swap"
            aria-label={t('assets.swap')}
            onClick={swap}
          >
            <SwapIcon />
          </button>
        </div>

        <h2 className="transfer__label">{t('assets.currency')}</h2>
        <button type="button" className="transfer-pick" onClick={() => setSheet('currency')}>
          <span className="transfer-currency">
            <CurrencyBadge currency={currency} />
            <strong data-currency={currency}>{currency}</strong>
          </span>
          <RightOutline className="flip-rtl muted" />
        </button>

        <AmountField
          label={t('assets.amount')}
          value={amount}
          onChange={setAmount}
          decimals={8}
          placeholder={t('assets.amountPlaceholder')}
          currency={currency}
          onEnterPress={() => void submit()}
        >
          <button
            type="button"
            className="text-button transfer-amount__all"
            onClick={() => setAmount(trimDecimal(available))}
          >
            {t('assets.all')}
          </button>
        </AmountField>
        <p className="transfer__available" data-available={available}>
          {t('assets.availableBalance', { amount: formatAmount(available, currency), currency })}
        </p>

        <div className="form-actions">
          {/* Until the balances arrive there is nothing to check the amount against. */}
          <Button
            block
            color="primary"
            size="large"
            loading={busy}
            disabled={!money.data}
            onClick={() => submit()}
          >
            {t('common.confirm')}
          </Button>
        </div>
        <p className="form-hint">{t('assets.transferHint')}</p>
      </div>

      <OptionSheet
        title={t('assets.from')}
        open={sheet === 'from'}
        value={from}
        options={walletOptions}
        onPick={pickFrom}
        onClose={() => setSheet(null)}
      />
      <OptionSheet
        title={t('assets.to')}
        open={sheet === 'to'}
        value={to}
        options={walletOptions}
        onPick={pickTo}
        onClose={() => setSheet(null)}
      />
      <OptionSheet
        title={t('assets.chooseCurrency')}
        open={sheet === 'currency'}
        value={currency}
        options={currencyOptions}
        onPick={setWanted}
        onClose={() => setSheet(null)}
      />
    </div>
  );
}
