import type { DepositStatus, WithdrawalStatus } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';

type Tone = 'wait' | 'good' | 'bad';

const DEPOSIT_TONE: Record<DepositStatus, Tone> = {
  pending: 'wait',
  success: 'good',
  rejected: 'bad',
};

const WITHDRAWAL_TONE: Record<WithdrawalStatus, Tone> = {
  application: 'wait',
  risk: 'wait',
  packaging: 'wait',
  completed: 'good',
  rejected: 'bad',
  authFailed: 'bad',
};

export function DepositStatusTag({ status }: { status: DepositStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`status-tag status-tag--${DEPOSIT_TONE[status]}`} data-status={status}>
      {t(`deposit.status.${status}`)}
    </span>
  );
}

export function WithdrawalStatusTag({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`status-tag status-tag--${WITHDRAWAL_TONE[status]}`} data-status={status}>
      {t(`withdraw.status.${status}`)}
    </span>
  );
}
