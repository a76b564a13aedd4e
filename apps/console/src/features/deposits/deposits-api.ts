import { consoleCalls, type ConsoleCallInput } from '@tidemark/contract';
import { useCallMutation, useQueuePage } from '../../api/call-hooks';

export type DepositListInput = ConsoleCallInput<typeof consoleCalls.listDeposits>;

export const depositKeys = {
  all: ['deposits'] as const,
  list: (input: DepositListInput) => [...depositKeys.all, 'list', input] as const,
};

export function useDeposits(input: DepositListInput) {
  return useQueuePage(consoleCalls.listDeposits, depositKeys.list(input), input);
}

/** After a decision the queues, the dashboard counts and the user's balances are out of date. */
const DECISION_CHANGES = [depositKeys.all, ['dashboard'], ['users'], ['ledger']];

export function useApproveDeposit() {
  return useCallMutation(consoleCalls.approveDeposit, DECISION_CHANGES);
}

export function useRejectDeposit() {
  return useCallMutation(consoleCalls.rejectDeposit, DECISION_CHANGES);
}
