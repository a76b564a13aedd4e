import type { DepositRecord } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Redirect } from '../../../app/redirect';
import { useDeposit } from '../../../features/money/api/money-queries';
import { ResultPage } from '../../../features/money/components/result-page';
import { MONEY_ROUTES, parseId, passedRecord } from '../../../features/money/routes';
import { formatMoneyText } from '../../../ui/amount-format';
import { ErrorView } from '../../../ui/error-view';
import { LoadingView } from '../../../ui/loading-view';

/**
 * deposit/success: the request is in, an operator reviews it, and where to follow it. Only for a
 * deposit that was submitted: the id in the route is looked up; without one (a typed or shared
 * link) the user goes to the form, and for an id that is not theirs to their records.
 */
export default function DepositSuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { state } = useLocation();
  const id = parseId(params.get('id'));
  const found = useDeposit(id, passedRecord<DepositRecord>(state));
  if (id === null) return <Redirect to={MONEY_ROUTES.deposit} />;
  const record = found.data;
  if (record === null) return <Redirect to={MONEY_ROUTES.records} />;
  if (!record) {
    return found.isError ? (
      <ErrorView title={t('errors.networkError')} onRetry={() => void found.refetch()} />
    ) : (
      <LoadingView />
    );
  }
  return (
    <ResultPage
      title={t('deposit.title')}
      text={t('deposit.successText')}
      details={[
        [t('deposit.amount'), formatMoneyText(record.amount, record.currency)],
        [t('deposit.chain'), record.chain],
      ]}
      follow={{ label: t('deposit.viewRecords'), to: MONEY_ROUTES.records }}
    />
  );
}
