import { ACCOUNT_TYPES, type AccountType, type UserMoney } from '@tidemark/contract';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '../../../ui/amount-format';
import { HIDDEN_AMOUNT } from '../../../features/assets/components/wallet-balances';

/** A grouped amount that may wrap after a comma (a third of 360 px holds about 11 digits). */
function breakable(amount: string): ReactNode {
  return amount.split(',').map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? (
        <>
          ,<wbr />
        </>
      ) : null}
      {part}
    </Fragment>
  ));
}

interface WalletCardsProps {
  active: AccountType;
  /** Each wallet's total in USDT; undefined while loading. */
  totals: UserMoney['walletTotals'] | undefined;
  hidden: boolean;
  onChange: (wallet: AccountType) => void;
}

/**
 * The three wallets side by side, each with its total: they double as the tabs of the list below.
 * Three text tabs do not fit 360 px in most languages; three cards do, and show every total at once.
 */
export function WalletCards({ active, totals, hidden, onChange }: WalletCardsProps) {
  const { t } = useTranslation();
  return (
    <div className="wallet-cards" role="tablist">
      {ACCOUNT_TYPES.map((wallet) => (
        <button
          key={wallet}
          type="button"
          role="tab"
          aria-selected={wallet === active}
          className="wallet-card"
          data-wallet={wallet}
          onClick={() => onChange(wallet)}
        >
          <span className="wallet-card__name">{t(`assets.wallets.${wallet}`)}</span>
          <strong className="wallet-card__total" data-wallet-total={wallet}>
            {totals ? (hidden ? HIDDEN_AMOUNT : breakable(formatUsdt(totals[wallet]))) : '--'}
          </strong>
        </button>
      ))}
    </div>
  );
}
