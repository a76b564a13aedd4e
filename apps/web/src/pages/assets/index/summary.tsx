import Button from 'antd-mobile/es/components/button';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '../../../ui/amount-format';
import { HIDDEN_AMOUNT } from '../../../features/assets/components/wallet-balances';

interface SummaryProps {
  /** Every wallet of the book in USDT; undefined while loading. */
  totalUsdt: string | undefined;
  hidden: boolean;
  onToggleHidden: () => void;
  onTransfer: () => void;
  onRecords: () => void;
  /** Deposit and withdraw, shown above transfer and records. */
  onDeposit?: () => void;
  onWithdraw?: () => void;
}

/** The book's total in USDT, big, with the eye that hides every amount, and the two actions. */
export function Summary({
  totalUsdt,
  hidden,
  onToggleHidden,
  onTransfer,
  onRecords,
  onDeposit,
  onWithdraw,
}: SummaryProps) {
  const { t } = useTranslation();
  const total = totalUsdt === undefined ? '--' : hidden ? HIDDEN_AMOUNT : formatUsdt(totalUsdt);
  return (
    <section className="assets-summary">
      <div className="assets-summary__label">
        <span>{t('assets.totalAssets')}</span>
        <button
          type="button"
          className="icon-button assets-summary__eye"
          aria-label={t(hidden ? 'assets.showAmounts' : 'assets.hideAmounts')}
          aria-pressed={hidden}
          onClick={onToggleHidden}
        >
          {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
        </button>
      </div>
      <strong className="assets-summary__total">{total}</strong>
      <div className="assets-summary__actions">
        {onDeposit ? (
          <Button color="primary" size="middle" className="assets-deposit" onClick={onDeposit}>
            {t('deposit.title')}
          </Button>
        ) : null}
        {onWithdraw ? (
          <Button
            color="primary"
            fill="outline"
            size="middle"
            className="assets-withdraw"
            onClick={onWithdraw}
          >
            {t('withdraw.title')}
          </Button>
        ) : null}
        <Button color="primary" size="middle" className="assets-transfer" onClick={onTransfer}>
          {t('assets.transfer')}
        </Button>
        <Button
          color="primary"
          fill="outline"
          size="middle"
          className="assets-records"
          onClick={onRecords}
        >
          {t('assets.records')}
        </Button>
      </div>
    </section>
  );
}
