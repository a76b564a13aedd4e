import type { LoanProduct } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatMoneyText } from '../../../ui/amount-format';
import { percentText, yearlyPercentText } from '../loan-format';

interface ProductCardProps {
  product: LoanProduct;
  selected: boolean;
  /** The trader's score reaches this band. */
  reachable: boolean;
  onSelect: () => void;
}

/** One loan product with every term, shown before applying (SPEC.md section 3 "Loan"). */
export function ProductCard({ product, selected, reachable, onSelect }: ProductCardProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`loan-product${selected ? ' loan-product--selected' : ''}`}
      aria-pressed={selected}
      onClick={onSelect}
      data-product={product.id}
    >
      <span className="loan-product__head">
        <strong>{t('loan.cycle', { count: product.cycleDays })}</strong>
        <span className={`loan-tag loan-tag--${reachable ? 'good' : 'wait'}`}>
          {t('loan.minScore', { score: product.minScore })}
        </span>
      </span>
      <span className="loan-terms">
        {/* Values keep the card's direction (aligned like the words below them); only the
            range is isolated, so that it reads from min to max in Arabic too. */}
        <span>{t('loan.amountRange')}</span>
        <span>
          <bdi dir="ltr">
            {formatAmount(product.minAmount, product.currency)} –{' '}
            {formatMoneyText(product.maxAmount, product.currency)}
          </bdi>
        </span>
        <span>{t('loan.dailyRate')}</span>
        <span>
          <bdi>{percentText(product.dailyRate)}</bdi> (
          {t('loan.yearly', { rate: yearlyPercentText(product.dailyRate) })})
        </span>
        <span>{t('loan.overdueRate')}</span>
        <span>{t('loan.perDay', { rate: percentText(product.overdueRate) })}</span>
        <span>{t('loan.repayment')}</span>
        <span>{t('loan.repaymentOnce')}</span>
        <span>{t('loan.lender')}</span>
        <span>{t('loan.lenderName')}</span>
      </span>
    </button>
  );
}
