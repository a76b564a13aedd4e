import { consoleCalls, WITHDRAWAL_OPEN_STATES, type ConsoleCallInput } from '@tidemark/contract';
import { useCallMutation, useQueuePage } from '../../api/call-hooks';
import type { WithdrawalStatus } from '../../api/types';

export type WithdrawalListInput = ConsoleCallInput<typeof consoleCalls.listWithdrawals>;

export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  list: (input: WithdrawalListInput) => [...withdrawalKeys.all, 'list', input] as const,
};

/** The step an open withdrawal moves to when advanced; null for one that has ended. */
export function nextStep(status: WithdrawalStatus): WithdrawalStatus | null {
  const open: readonly WithdrawalStatus[] = WITHDRAWAL_OPEN_STATES;
  const index = open.indexOf(status);
  if (index < 0) return null;
  return open[index + 1] ?? 'completed';
}

export function useWithdrawals(input: WithdrawalListInput) {
  return useQueuePage(consoleCalls.listWithdrawals, withdrawalKeys.list(input), input);
}

/** After a withdrawal moves on or ends, the queues, the dashboard counts and the user's balances
 * are out of date. */
const STEP_CHANGES = [withdrawalKeys.all, ['dashboard'], ['users'], ['ledger']];

export function useAdvanceWithdrawal() {
  return useCallMutation(consoleCalls.advanceWithdrawal, STEP_CHANGES);
}

export function useRejectWithdrawal() {
  return useCallMutation(consoleCalls.rejectWithdrawal, STEP_CHANGES);
}

export function useFailWithdrawal() {
  return useCallMutation(consoleCalls.failWithdrawal, STEP_CHANGES);
}
