import type { ReferralRecord } from '@tidemark/contract';
import type { TFunction } from 'i18next';

/**
 * The right-hand time of a record: when a pending rebate is released, or, once that time has
 * passed and the rebate budget cannot pay it, that it waits for the platform to fund the budget;
 * when a released one was; nothing for one never granted.
 */
export function recordTime(
  r: Pick<ReferralRecord, 'state' | 'dueAt' | 'releasedAt' | 'waitingForBudget'>,
  t: TFunction,
  dateFormat: Intl.DateTimeFormat,
): string {
  if (r.state === 'pending')
    return r.waitingForBudget
      ? t('team.waitingBudget')
      : t('team.dueAt', { time: dateFormat.format(r.dueAt) });
  if (r.state === 'released' && r.releasedAt !== null) return dateFormat.format(r.releasedAt);
  return '';
}
