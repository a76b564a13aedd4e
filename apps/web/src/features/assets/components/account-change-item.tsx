import type { AccountChange } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatSigned } from '../../../ui/amount-format';
import { isCredit } from '../amounts';
import { changeLabel } from '../change-label';

interface AccountChangeItemProps {
  entry: AccountChange;
  /** Shared by the whole list: building an Intl formatter per row is slow on a phone. */
  dateFormat: Intl.DateTimeFormat;
}

/** One line of the account-change log: what, which wallet, when, how much, and the balance after. */
export function AccountChangeItem({ entry, dateFormat }: AccountChangeItemProps) {
  const { t } = useTranslation();
  const credit = isCredit(entry.amount);
  const label = changeLabel(entry, t, formatAmount);
  return (
    <li
      className="change-item"
      data-type={entry.type}
      data-wallet={entry.wallet}
      data-filter={entry.filter}
    >
      <span className="change-item__what">
        <strong>{label.title}</strong>
        {label.note ? <span className="change-item__note">{label.note}</span> : null}
        <span className="muted">{t(`assets.wallets.${entry.wallet}`)}</span>
        <time dateTime={new Date(entry.time).toISOString()}>{dateFormat.format(entry.time)}</time>
      </span>
      <span className="change-item__figures">
        {/* A signed amount keeps its sign in front in right-to-left text too. */}
        <span
          className={`change-item__amount change-item__amount--${credit ? 'credit' : 'debit'}`}
          dir="ltr"
        >
          {formatSigned(entry.amount, entry.currency)} <small>{entry.currency}</small>
        </span>
        <span className="muted">
          {t('assets.log.balanceAfter', {
            amount: formatAmount(entry.balanceAfter, entry.currency),
          })}
        </span>
      </span>
    </li>
  );
}
