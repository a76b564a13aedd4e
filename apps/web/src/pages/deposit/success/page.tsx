import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResultPage } from '../../../features/money/components/result-page';
import { MONEY_ROUTES } from '../../../features/money/routes';
import { plainAmount } from '../../../features/money/withdraw-checks';

/** deposit/success: the request is in, an operator reviews it, and where to follow it. */
export default function DepositSuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const amount = params.get('amount');
  const currency = params.get('currency') ?? '';
  const chain = params.get('chain') ?? '';
  const details: [string, string][] = [];
  if (amount) details.push([t('deposit.amount'), `${plainAmount(amount)} ${currency}`]);
  if (chain) details.push([t('deposit.chain'), chain]);
  return (
    <ResultPage
      title={t('deposit.title')}
      text={t('deposit.successText')}
      details={details}
      follow={{ label: t('deposit.viewRecords'), to: MONEY_ROUTES.records }}
    />
  );
}
