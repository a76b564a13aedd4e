import { consoleCalls, type ConsoleCallInput } from '@tidemark/contract';
import { useCallMutation, useQueuePage } from '../../api/call-hooks';

export type KycListInput = ConsoleCallInput<typeof consoleCalls.listKyc>;

export const kycKeys = {
  all: ['kyc'] as const,
  list: (input: KycListInput) => [...kycKeys.all, 'list', input] as const,
};

export function useKycSubmissions(input: KycListInput) {
  return useQueuePage(consoleCalls.listKyc, kycKeys.list(input), input);
}

/** After a decision the queue, the dashboard counts and the user's verification are out of date. */
const DECISION_CHANGES = [kycKeys.all, ['dashboard'], ['users']];

export function useApproveKyc() {
  return useCallMutation(consoleCalls.approveKyc, DECISION_CHANGES);
}

export function useRejectKyc() {
  return useCallMutation(consoleCalls.rejectKyc, DECISION_CHANGES);
}
