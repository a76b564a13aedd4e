import { RightOutline, UnorderedListOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../ui/page-header';
import { CurrencyBadge } from '../../assets/components/currency-badge';
import { MONEY_ROUTES, withQuery } from '../routes';
import '../money.css';

const DIRECTIONS = {
  deposit: {
    title: 'deposit.title',
    currency: 'deposit.currency',
    tokens: MONEY_ROUTES.depositTokens,
    records: MONEY_ROUTES.records,
  },
  withdraw: {
    title: 'withdraw.title',
    currency: 'withdraw.currency',
    tokens: MONEY_ROUTES.withdrawTokens,
    records: withQuery(MONEY_ROUTES.records, { tab: 'withdrawal' }),
  },
} as const;

interface MoneyFormPageProps {
  direction: keyof typeof DIRECTIONS;
  currency: string;
  /** The form of the chosen currency, under the currency. */
  children: ReactNode;
  /** Beside the page body rather than in it: the pay password sheet. */
  overlay?: ReactNode;
}

/**
 * The frame of deposit/index and Withdrawal/index: the title with a link to the direction's
 * records, and the currency, which opens the token list in place of the form.
 */
export function MoneyFormPage({ direction, currency, children, overlay }: MoneyFormPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const texts = DIRECTIONS[direction];
  return (
    <div>
      <PageHeader
        title={t(texts.title)}
        right={
          <button
            type="button"
            className="icon-button"
            aria-label={t('deposit.record.title')}
            onClick={() => navigate(texts.records)}
          >
            <UnorderedListOutline />
          </button>
        }
      />
      <div className="page-body money-page">
        <h2 className="transfer__label transfer__label--first">{t(texts.currency)}</h2>
        <button
          type="button"
          className="transfer-pick"
          onClick={() => navigate(withQuery(texts.tokens, { currency }), { replace: true })}
        >
          <span className="transfer-currency">
            <CurrencyBadge currency={currency} />
            <strong data-currency={currency}>{currency}</strong>
          </span>
          <RightOutline className="flip-rtl muted" />
        </button>
        {children}
      </div>
      {overlay}
    </div>
  );
}
