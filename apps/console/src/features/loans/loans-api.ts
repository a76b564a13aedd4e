import { useQuery } from '@tanstack/react-query';
import { loanConsoleCalls, type ConsoleCallInput } from '@tidemark/contract';
import { useCallMutation, useQueuePage } from '../../api/call-hooks';
import { request } from '../../api/client';

export type LoanListInput = ConsoleCallInput<typeof loanConsoleCalls.listLoans>;

export const loanKeys = {
  all: ['loans'] as const,
  list: (input: LoanListInput) => [...loanKeys.all, 'list', input] as const,
  products: () => [...loanKeys.all, 'products'] as const,
  fund: () => [...loanKeys.all, 'fund'] as const,
};

export function useLoans(input: LoanListInput) {
  return useQueuePage(loanConsoleCalls.listLoans, loanKeys.list(input), input);
}

export function useLoanProducts() {
  return useQuery({
    queryKey: loanKeys.products(),
    queryFn: () => request(loanConsoleCalls.listLoanProducts, {}),
  });
}

export function useLoanFund() {
  return useQuery({
    queryKey: loanKeys.fund(),
    queryFn: () => request(loanConsoleCalls.loanFund, {}),
  });
}

/** A decision moves money: the queues, the fund, the users' balances and the ledger change. */
const DECISION_CHANGES = [loanKeys.all, ['dashboard'], ['users'], ['ledger']];

export function useApproveLoan() {
  return useCallMutation(loanConsoleCalls.approveLoan, DECISION_CHANGES);
}

export function useRejectLoan() {
  return useCallMutation(loanConsoleCalls.rejectLoan, DECISION_CHANGES);
}

export function useAddLoanProduct() {
  return useCallMutation(loanConsoleCalls.addLoanProduct, [loanKeys.all]);
}

export function useSetLoanProduct() {
  return useCallMutation(loanConsoleCalls.setLoanProduct, [loanKeys.all]);
}

export function useFundLoans() {
  return useCallMutation(loanConsoleCalls.fundLoanFund, [loanKeys.all, ['ledger']]);
}
