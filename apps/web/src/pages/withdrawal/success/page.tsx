import type { WithdrawalRecord } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Redirect } from '../../../app/redirect';
import { useWithdrawal } from '../../../features/money/api/money-queries';
import { shortText } from '../../../features/money/components/record-items';
import { ResultPage } from '../../../features/money/components/result-page';
import { MONEY_ROUTES, parseId, passedRecord, withQuery } from '../../../features/money/routes';
import { formatMoneyText } from '../../../ui/amount-format';
import { ErrorView } from '../../../ui/error-view';
import { LoadingView } from '../../../ui/loading-view';

/**
 * Withdrawal/success: the request is in (amount plus fee held), and where to follow its steps.
 * Only for a withdrawal that was submitted: the id in the route is looked up; without one (a typed
 * or shared link) the user goes to the form, and for an id that is not theirs to their records.
 */
export default function WithdrawSuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { state } = useLocation();
  const id = parseId(params.get('id'));
  const found = useWithdrawal(id, passedRecord<WithdrawalRecord>(state));
  if (id === null) return <Redirect to={MONEY_ROUTES.withdraw} />;
  const record = found.data;
  if (record === null) {
    return <Redirect to={withQuery(MONEY_ROUTES.records, { tab: 'withdrawal' })} />;
  }
  if (!record) {
    return found.isError ? (
      <ErrorView title={t('errors.networkError')} onRetry={() => void found.refetch()} />
    ) : (
      <LoadingView />
    );
  }
  return (
    <ResultPage
      title={t('withdraw.title')}
      text={t('withdraw.successText')}
      details={[
        [t('withdraw.amount'), formatMoneyText(record.amount, record.currency)],
        [t('withdraw.chain'), record.chain],
        [
          t('withdraw.details.address'),
          <span key="address" className="mono" dir="ltr">
            {shortText(record.address, 8, 8)}
          </span>,
        ],
      ]}
      follow={{
        label: t('withdraw.viewProgress'),
        to: withQuery(MONEY_ROUTES.withdrawalDetails, { id: record.id }),
      }}
    />
  );
}
