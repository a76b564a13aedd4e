import type { WithdrawalRecord } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { isOverdue, stepStates } from './withdrawal-steps';

const steps = (
  status: WithdrawalRecord['status'],
  reached: [WithdrawalRecord['status'], number | null][],
) => ({ status, steps: reached.map(([step, at]) => ({ step, at })) });

describe('the withdrawal steps view', () => {
  it('marks reached steps done, the current one current, later ones waiting', () => {
    const record = steps('risk', [
      ['application', 1],
      ['risk', 2],
      ['packaging', null],
      ['completed', null],
    ]);
    expect(stepStates(record)).toEqual(['done', 'current', 'waiting', 'waiting']);
  });

  it('shows a completed withdrawal all done', () => {
    const record = steps('completed', [
      ['application', 1],
      ['risk', 2],
      ['packaging', 3],
      ['completed', 4],
    ]);
    expect(stepStates(record)).toEqual(['done', 'done', 'done', 'done']);
  });

  it('ends a rejected or failed one in a failed step', () => {
    const rejected = steps('rejected', [
      ['application', 1],
      ['risk', 2],
      ['rejected', 3],
    ]);
    expect(stepStates(rejected)).toEqual(['done', 'done', 'failed']);
    const failed = steps('authFailed', [
      ['application', 1],
      ['authFailed', 2],
    ]);
    expect(stepStates(failed)).toEqual(['done', 'failed']);
  });

  it('is overdue only while in progress past the estimated time', () => {
    expect(isOverdue({ status: 'packaging', estimatedAt: 1000 }, 1001)).toBe(true);
    expect(isOverdue({ status: 'application', estimatedAt: 1000 }, 1000)).toBe(false);
    expect(isOverdue({ status: 'completed', estimatedAt: 1000 }, 5000)).toBe(false);
    expect(isOverdue({ status: 'rejected', estimatedAt: 1000 }, 5000)).toBe(false);
  });
});
