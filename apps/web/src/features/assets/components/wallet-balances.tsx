import type { WalletBalance } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { EmptyData } from '../../../ui/empty-data';
import { formatAmount, formatUsdt } from '../../../ui/amount-format';
import { isZero } from '../amounts';
import { CurrencyBadge } from './currency-badge';

/** What stands in for an amount while amounts are hidden. */
export const HIDDEN_AMOUNT = '****';

interface WalletBalancesProps {
  balances: readonly WalletBalance[];
  /** Amounts masked (the eye on the total). */
  hidden: boolean;
  hideZero: boolean;
}

/** One wallet's currencies: available, frozen and what it is worth in USDT. */
export function WalletBalances({ balances, hidden, hideZero }: WalletBalancesProps) {
  const { t } = useTranslation();
  const funded = balances.filter((b) => !(isZero(b.available) && isZero(b.frozen)));
  // The server lists USDT in every wallet, so a wallet of nothing but zeros counts as empty.
  if (funded.length === 0) return <EmptyData text={t('assets.emptyWallet')} />;
  const shown = hideZero ? funded : balances;
  const mask = (text: string) => (hidden ? HIDDEN_AMOUNT : text);
  return (
    <ul className="wallet-balances">
      {shown.map((b) => (
        <li key={b.currency} className="wallet-balance" data-currency={b.currency}>
          <span className="wallet-balance__name">
            <CurrencyBadge currency={b.currency} />
            <strong>{b.currency}</strong>
          </span>
          <dl className="wallet-balance__figures">
            <div>
              <dt>{t('assets.available')}</dt>
              <dd data-field="available">{mask(formatAmount(b.available, b.currency))}</dd>
            </div>
            <div>
              <dt>{t('assets.frozen')}</dt>
              <dd data-field="frozen">{mask(formatAmount(b.frozen, b.currency))}</dd>
            </div>
            <div>
              <dt>{t('assets.usdtValue')}</dt>
              <dd data-field="usdtValue">
                {mask(b.usdtValue === null ? '--' : formatUsdt(b.usdtValue))}
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
