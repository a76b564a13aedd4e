import type { LoanRecord } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Redirect } from '../../../app/redirect';
import { useLoanRecords } from '../../../features/loan/api/loan-queries';
import '../../../features/loan/loan.css';
import { LOAN_PATHS } from '../../../features/loan/paths';
import { formatExactText } from '../../../ui/amount-format';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';

function passedLoan(state: unknown): LoanRecord | null {
  if (typeof state !== 'object' || state === null || !('record' in state)) return null;
  return (state as { record: LoanRecord }).record;
}

/**
 * pages/loan/success: the application is in and waits for review; where to follow it. Only after
 * an application (the record comes with the navigation, or its id is among the newest records);
 * otherwise the records.
 */
export default function LoanSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const passed = passedLoan(useLocation().state);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const records = useLoanRecords();
  const found = records.data?.pages.flatMap((p) => p.list).find((l) => l.id === id);
  const record = passed ?? found;
  if (!record) {
    // A typed or shared link: the record is looked up among the trader's newest ones.
    if (!Number.isInteger(id) || id <= 0 || records.data || records.isError)
      return <Redirect to={LOAN_PATHS.record} />;
    return <LoadingView />;
  }
  return (
    <div>
      <PageHeader title={t('loan.title')} onBack={() => navigate('/', { replace: true })} />
      <div className="page-body loan-page">
        <section className="loan-success" role="status">
          <svg className="loan-success__icon" viewBox="0 0 64 64" aria-hidden="true">
            <circle cx="32" cy="32" r="30" fill="currentColor" />
            <path d="M19 33l9 9 17-18" fill="none" stroke="var(--tm-bg)" strokeWidth="5" />
          </svg>
          <h2>{t('loan.successTitle')}</h2>
          <p>{t('loan.successText')}</p>
          <dl className="loan-terms">
            <div className="loan-terms__row">
              <dt>{t('loan.amount')}</dt>
              <dd dir="ltr">{formatExactText(record.amount, record.currency)}</dd>
            </div>
            <div className="loan-terms__row">
              <dt>{t('loan.cycleLabel')}</dt>
              <dd>{t('loan.cycle', { count: record.cycleDays })}</dd>
            </div>
            <div className="loan-terms__row">
              <dt>{t('loan.repayTotal')}</dt>
              <dd dir="ltr">{formatExactText(record.repayTotal, record.currency)}</dd>
            </div>
          </dl>
        </section>
        <div className="form-actions">
          <Button
            block
            color="primary"
            onClick={() => navigate(LOAN_PATHS.record, { replace: true })}
          >
            {t('loan.viewRecords')}
          </Button>
          <Button block onClick={() => navigate('/', { replace: true })}>
            {t('loan.home')}
          </Button>
        </div>
      </div>
    </div>
  );
}
