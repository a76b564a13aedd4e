import type { LoanRecord } from '@tidemark/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { recordDateFormat } from '../../../features/assets/date-format';
import { createKeyKeeper } from '../../../features/assets/idempotency';
import { useRepayLoan } from '../../../features/loan/api/loan-mutations';
import { useLoanRecords } from '../../../features/loan/api/loan-queries';
import { LoanItem } from '../../../features/loan/components/loan-item';
import '../../../features/loan/loan.css';
import { formatExactText } from '../../../ui/amount-format';
import { confirmDialog } from '../../../ui/dialog';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { currentLanguage } from '../../../ui/i18n';
import { ListFooter } from '../../../ui/list-footer';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';

/**
 * pages/loan/record: applications and loans, newest first, a page at a time, with the overdue
 * penalty accrued so far; a passed or overdue loan is repaid at once from here.
 */
export default function LoanRecordPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const dateFormat = useMemo(() => recordDateFormat(language), [language]);
  const records = useLoanRecords();
  const repay = useRepayLoan();
  const [keys] = useState(createKeyKeeper);

  const onRepay = async (loan: LoanRecord) => {
    const sure = await confirmDialog({
      content: t('loan.repayConfirm', { amount: formatExactText(loan.owed, loan.currency) }),
      confirmText: t('loan.repay'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    const idempotencyKey = keys.keyFor(String(loan.id));
    try {
      await repay.mutateAsync({ loanId: loan.id, idempotencyKey });
    } catch (error) {
      if (error instanceof ApiError) keys.settle();
      return;
    }
    keys.settle();
  };

  const list = records.data?.pages.flatMap((p) => p.list) ?? [];
  let body;
  if (records.isError && !records.data) {
    body = <ErrorView title={t('errors.networkError')} onRetry={() => void records.refetch()} />;
  } else if (!records.data) {
    body = <LoadingView />;
  } else if (list.length === 0) {
    body = <EmptyData text={t('loan.noRecords')} />;
  } else {
    body = (
      <>
        {list.map((loan) => (
          <LoanItem
            key={loan.id}
            loan={loan}
            dateFormat={dateFormat}
            onRepay={(l) => void onRepay(l)}
          />
        ))}
        <ListFooter
          fetchNextPage={records.fetchNextPage}
          hasMore={records.hasNextPage}
          failedText={t('errors.networkError')}
        />
      </>
    );
  }
  return (
    <div>
      <PageHeader title={t('loan.records')} fallback="/pages/loan/index" />
      <div className="page-body loan-page">{body}</div>
    </div>
  );
}
