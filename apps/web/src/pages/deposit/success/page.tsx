import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ResultView } from '../../../features/money/components/result-view';
import { MONEY_ROUTES } from '../../../features/money/routes';
import { plainAmount } from '../../../features/money/withdraw-checks';
import { PageHeader } from '../../../ui/page-header';
import '../../../features/money/money.css';

/** deposit/success: the request is in, an operator reviews it, and where to follow it. */
export default function DepositSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const amount = params.get('amount');
  const currency = params.get('currency') ?? '';
  const chain = params.get('chain') ?? '';
  const details: [string, string][] = [];
  if (amount) details.push([t('deposit.amount'), `${plainAmount(amount)} ${currency}`]);
  if (chain) details.push([t('deposit.chain'), chain]);
  return (
    <div>
      <PageHeader title={t('deposit.title')} onBack={() => navigate('/', { replace: true })} />
      <div className="page-body money-page">
        <ResultView
          title={t('success.submittedForReview')}
          text={t('deposit.successText')}
          details={details}
          actions={
            <>
              <Button
                block
                color="primary"
                size="large"
                onClick={() => navigate(MONEY_ROUTES.records, { replace: true })}
              >
                {t('deposit.viewRecords')}
              </Button>
              <Button
                block
                fill="outline"
                color="primary"
                size="large"
                onClick={() => navigate('/', { replace: true })}
              >
                {t('deposit.backHome')}
              </Button>
            </>
          }
        />
      </div>
    </div>
  );
}
