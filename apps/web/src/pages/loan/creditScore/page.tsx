import { CREDIT_CAPS, formatMoney } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { recordDateFormat } from '../../../features/assets/date-format';
import { useRefreshScore } from '../../../features/loan/api/loan-mutations';
import { useCreditScore } from '../../../features/loan/api/loan-queries';
import { plainAmount } from '../../../features/loan/loan-format';
import '../../../features/loan/loan.css';
import { formatAmount, formatMoneyText } from '../../../ui/amount-format';
import { ErrorView } from '../../../ui/error-view';
import { currentLanguage } from '../../../ui/i18n';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';

const MAX_POINTS_PER_WEIGHT = 10;

/**
 * pages/loan/creditScore: the score, each component with its input, weight and points, when it
 * was evaluated, and how to raise it (docs/credit-score.md is the same formula in prose).
 */
export default function CreditScorePage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const dateFormat = useMemo(() => recordDateFormat(language), [language]);
  const score = useCreditScore();
  const refresh = useRefreshScore();

  const valueText = (name: string, value: string) => {
    if (name === 'verification') return t(`loan.verifyLevel.${value}`, { defaultValue: value });
    if (name === 'accountAge') return t('loan.days', { count: Number(value) });
    if (name === 'deposits' || name === 'tradingVolume') return formatMoneyText(value, 'USDT');
    const [onTime = '0', late = '0', overdue = '0'] = value.split('/');
    return t('loan.history', { onTime, late, overdue });
  };

  let body;
  if (score.isError) {
    body = <ErrorView title={t('errors.networkError')} onRetry={() => void score.refetch()} />;
  } else if (!score.data) {
    body = <LoadingView />;
  } else {
    const s = score.data;
    body = (
      <>
        <section className="loan-score loan-score--big" aria-label={t('loan.score')}>
          <span className="loan-score__main">
            <span className="loan-score__label">{t('loan.score')}</span>
            <strong className="loan-score__value" dir="ltr" data-testid="score-value">
              {s.score}
              <small> / {s.maxScore}</small>
            </strong>
          </span>
          <span className="loan-score__side">
            <span className="loan-score__label">{t('loan.limit')}</span>
            <strong dir="ltr">{formatMoneyText(plainAmount(s.limit), 'USDT')}</strong>
            <span className="loan-score__time">
              {t('loan.evaluatedAt', { time: dateFormat.format(s.evaluatedAt) })}
            </span>
          </span>
        </section>
        <h2 className="loan-heading">{t('loan.components')}</h2>
        <ul className="loan-components">
          {s.components.map((c) => {
            const max = c.weight * MAX_POINTS_PER_WEIGHT;
            return (
              <li key={c.name} className="loan-component" data-component={c.name}>
                <div className="loan-component__head">
                  <strong>{t(`loan.component.${c.name}`)}</strong>
                  <span dir="ltr">
                    {c.points} / {max}
                  </span>
                </div>
                <div className="loan-component__bar" aria-hidden="true">
                  <span style={{ inlineSize: `${max ? (100 * c.points) / max : 0}%` }} />
                </div>
                <div className="loan-component__meta">
                  <span>{t('loan.weight', { weight: c.weight })}</span>
                  <span dir="auto">{valueText(c.name, c.value)}</span>
                </div>
                <p className="loan-hint">
                  {t(`loan.rule.${c.name}`, {
                    deposits: formatAmount(formatMoney(CREDIT_CAPS.depositsUsdt), 'USDT'),
                    volume: formatAmount(formatMoney(CREDIT_CAPS.volumeUsdt), 'USDT'),
                    days: CREDIT_CAPS.accountAgeDays,
                  })}
                </p>
              </li>
            );
          })}
        </ul>
        <h2 className="loan-heading">{t('loan.raiseTitle')}</h2>
        <ul className="loan-raise">
          <li>{t('loan.raise.verify')}</li>
          <li>{t('loan.raise.deposit')}</li>
          <li>{t('loan.raise.trade')}</li>
          <li>{t('loan.raise.repay')}</li>
        </ul>
        <div className="form-actions">
          <Button
            block
            color="primary"
            loading={refresh.isPending}
            onClick={() => refresh.mutate()}
          >
            {t('loan.reevaluate')}
          </Button>
        </div>
      </>
    );
  }
  return (
    <div>
      <PageHeader title={t('loan.creditTitle')} fallback="/pages/loan/index" />
      <div className="page-body loan-page">{body}</div>
    </div>
  );
}
