import type { CreditScore } from '@tidemark/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoneyText } from '../../../ui/amount-format';
import { LOAN_PATHS } from '../paths';
import { plainAmount } from '../loan-format';

/** The score out of its maximum, the limit it gives, when it was evaluated, and the way to why. */
export function ScoreCard({
  score,
  dateFormat,
}: {
  score: CreditScore;
  dateFormat: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation();
  return (
    <Link className="loan-score" to={LOAN_PATHS.creditScore} data-testid="loan-score">
      <span className="loan-score__main">
        <span className="loan-score__label">{t('loan.score')}</span>
        <strong className="loan-score__value" dir="ltr">
          {score.score}
          <small> / {score.maxScore}</small>
        </strong>
      </span>
      <span className="loan-score__side">
        <span className="loan-score__label">{t('loan.limit')}</span>
        <strong dir="ltr">{formatMoneyText(plainAmount(score.limit), 'USDT')}</strong>
        <span className="loan-score__time">
          {t('loan.evaluatedAt', { time: dateFormat.format(score.evaluatedAt) })}
        </span>
      </span>
      <RightOutline className="loan-score__go" aria-hidden="true" />
    </Link>
  );
}
