import type { LoanRecord } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { formatExactText } from '../../../ui/amount-format';
import { percentText } from '../loan-format';
import { LoanStatusTag } from './loan-status';

interface LoanItemProps {
  loan: LoanRecord;
  dateFormat: Intl.DateTimeFormat;
  onRepay?: ((loan: LoanRecord) => void) | undefined;
}

/** One application or loan with its terms, dates, overdue penalty and what repays it now. */
export function LoanItem({ loan, dateFormat, onRepay }: LoanItemProps) {
  const { t } = useTranslation();
  const open = loan.status === 'passed' || loan.status === 'overdue';
  const rows: [string, string][] = [
    [t('loan.cycleLabel'), t('loan.cycle', { count: loan.cycleDays })],
    [t('loan.dailyRate'), percentText(loan.dailyRate)],
    [t('loan.interest'), formatExactText(loan.interest, loan.currency)],
    [t('loan.repayTotal'), formatExactText(loan.repayTotal, loan.currency)],
    [t('loan.creditScoreAt'), String(loan.creditScore)],
    [t('loan.appliedAt'), dateFormat.format(loan.appliedAt)],
  ];
  if (loan.dueAt !== null) rows.push([t('loan.dueAt'), dateFormat.format(loan.dueAt)]);
  if (loan.status === 'overdue' || loan.penaltyDays > 0) {
    rows.push([
      t('loan.penalty'),
      `${formatExactText(loan.penalty, loan.currency)} · ${t('loan.penaltyDays', { count: loan.penaltyDays })}`,
    ]);
  }
  if (open) rows.push([t('loan.owedNow'), formatExactText(loan.owed, loan.currency)]);
  if (loan.repaidAt !== null) {
    rows.push([t('loan.repaidAt'), dateFormat.format(loan.repaidAt)]);
    rows.push([t('loan.repaidAmount'), formatExactText(loan.owed, loan.currency)]);
  }
  return (
    <article className={`loan-item loan-item--${loan.status}`} data-loan={loan.id}>
      <header className="loan-item__head">
        <strong dir="ltr">{formatExactText(loan.amount, loan.currency)}</strong>
        <LoanStatusTag status={loan.status} />
      </header>
      <dl className="loan-terms">
        {rows.map(([label, value]) => (
          <div key={label} className="loan-terms__row">
            <dt>{label}</dt>
            <dd dir="auto">{value}</dd>
          </div>
        ))}
      </dl>
      {loan.status === 'rejected' && loan.reason ? (
        <p className="loan-item__reason">{t('loan.rejectedReason', { reason: loan.reason })}</p>
      ) : null}
      {loan.status === 'overdue' ? (
        <p className="loan-item__warn">
          {t('loan.overdueNote', { rate: percentText(loan.overdueRate) })}
        </p>
      ) : null}
      {open && onRepay ? (
        <Button block color="primary" onClick={() => onRepay(loan)}>
          {t('loan.repay')}
        </Button>
      ) : null}
    </article>
  );
}
