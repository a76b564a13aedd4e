import type { LoanStatus } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';

const TONE: Record<LoanStatus, 'wait' | 'good' | 'bad' | 'done'> = {
  applying: 'wait',
  passed: 'good',
  overdue: 'bad',
  rejected: 'bad',
  repaid: 'done',
};

export function LoanStatusTag({ status }: { status: LoanStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`loan-tag loan-tag--${TONE[status]}`} data-status={status}>
      {t(`loan.status.${status}`)}
    </span>
  );
}
