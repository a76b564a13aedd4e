import {
  WITHDRAWAL_OPEN_STATES,
  type WithdrawalRecord,
  type WithdrawalStatus,
} from '@tidemark/contract';
import { CheckOutline, CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

type StepState = 'done' | 'current' | 'waiting' | 'failed';

const isOpen = (status: WithdrawalStatus) =>
  (WITHDRAWAL_OPEN_STATES as readonly string[]).includes(status);

/** Whether a withdrawal still in progress has passed the time it should have arrived by. */
export function isOverdue(record: Pick<WithdrawalRecord, 'status' | 'estimatedAt'>, now: number) {
  return isOpen(record.status) && now > record.estimatedAt;
}

/**
 * How each step of the steps view looks: reached steps are done, the step the withdrawal is at
 * is current, later ones wait; an end in rejection or failed authentication is failed.
 */
export function stepStates(record: Pick<WithdrawalRecord, 'status' | 'steps'>): StepState[] {
  return record.steps.map(({ step, at }) => {
    if (step === 'rejected' || step === 'authFailed') return 'failed';
    if (at === null) return 'waiting';
    if (step === record.status && isOpen(record.status)) return 'current';
    return 'done';
  });
}

interface WithdrawalStepsProps {
  record: WithdrawalRecord;
  dateFormat: Intl.DateTimeFormat;
}

/** application -> risk-control verification -> block packaging -> completed, or how it ended. */
export function WithdrawalSteps({ record, dateFormat }: WithdrawalStepsProps) {
  const { t } = useTranslation();
  const states = stepStates(record);
  return (
    <ol className="withdraw-steps" aria-label={t('withdraw.details.steps')}>
      {record.steps.map(({ step, at }, index) => {
        const state = states[index]!;
        return (
          <li
            key={step}
            className={`withdraw-step withdraw-step--${state}`}
            data-step={step}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="withdraw-step__dot" aria-hidden="true">
              {state === 'done' ? <CheckOutline /> : null}
              {state === 'failed' ? <CloseOutline /> : null}
            </span>
            <div className="withdraw-step__text">
              <strong>{t(`withdraw.steps.${step}`)}</strong>
              {at !== null ? (
                <time dateTime={new Date(at).toISOString()}>{dateFormat.format(at)}</time>
              ) : (
                <span className="muted">{t('withdraw.details.notYet')}</span>
              )}
              {state === 'failed' && record.reason ? (
                <p className="withdraw-step__reason">
                  {t('deposit.record.reason', { reason: record.reason })}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
