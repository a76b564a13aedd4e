import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { shortText } from '../../../features/money/components/record-items';
import { ResultPage } from '../../../features/money/components/result-page';
import { MONEY_ROUTES, withQuery } from '../../../features/money/routes';
import { plainAmount } from '../../../features/money/withdraw-checks';

/** Withdrawal/success: the request is in (amount plus fee held), and where to follow its steps. */
export default function WithdrawSuccessPage() {
  const { t } = useTranslation();
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
    <ResultPage
      title={t('withdraw.title')}
      text={t('withdraw.successText')}
      details={details}
      follow={{
        label: t('withdraw.viewProgress'),
        to: id
          ? withQuery(MONEY_ROUTES.withdrawalDetails, { id })
          : withQuery(MONEY_ROUTES.records, { tab: 'withdrawal' }),
      }}
    />
  );
}
