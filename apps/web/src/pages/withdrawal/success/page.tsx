import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { shortText } from '../../../features/money/components/record-items';
import { ResultView } from '../../../features/money/components/result-view';
import { MONEY_ROUTES, withQuery } from '../../../features/money/routes';
import { plainAmount } from '../../../features/money/withdraw-checks';
import { PageHeader } from '../../../ui/page-header';
import '../../../features/money/money.css';

/** Withdrawal/success: the request is in (amount plus fee held), and where to follow its steps. */
export default function WithdrawSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const amount = params.get('amount');
  const currency = params.get('currency') ?? '';
  const chain = params.get('chain') ?? '';
  const address = params.get('address') ?? '';
  const details: [string, ReactNode][] = [];
  if (amount) details.push([t('withdraw.amount'), `${plainAmount(amount)} ${currency}`]);
  if (chain) details.push([t('withdraw.chain'), chain]);
  if (address) {
    details.push([
      t('withdraw.details.address'),
      <span key="address" className="mono" dir="ltr">
        {shortText(address, 8, 8)}
      </span>,
    ]);
  }
  return (
    <div>
      <PageHeader title={t('withdraw.title')} onBack={() => navigate('/', { replace: true })} />
      <div className="page-body money-page">
        <ResultView
          title={t('success.submittedForReview')}
          text={t('withdraw.successText')}
          details={details}
          actions={
            <>
              <Button
                block
                color="primary"
                size="large"
                onClick={() =>
                  navigate(
                    id
                      ? withQuery(MONEY_ROUTES.withdrawalDetails, { id })
                      : withQuery(MONEY_ROUTES.records, { tab: 'withdrawal' }),
                    { replace: true },
                  )
                }
              >
                {t('withdraw.viewProgress')}
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
