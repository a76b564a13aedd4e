import { useQuery } from '@tanstack/react-query';
import { consoleCalls, type ConsoleCallInput } from '@tidemark/contract';
import { useCallMutation, usePage } from '../../api/call-hooks';
import { request } from '../../api/client';

export type LedgerAccountsInput = ConsoleCallInput<typeof consoleCalls.ledgerAccounts>;
export type LedgerTransactionsInput = ConsoleCallInput<typeof consoleCalls.ledgerTransactions>;

export const ledgerKeys = {
  all: ['ledger'] as const,
  accounts: (input: LedgerAccountsInput) => [...ledgerKeys.all, 'accounts', input] as const,
  transactions: (input: LedgerTransactionsInput) =>
    [...ledgerKeys.all, 'transactions', input] as const,
  transaction: (id: number) => [...ledgerKeys.all, 'transaction', id] as const,
};

export function useLedgerAccounts(input: LedgerAccountsInput) {
  return usePage(consoleCalls.ledgerAccounts, ledgerKeys.accounts(input), input);
}

export function useLedgerTransactions(input: LedgerTransactionsInput) {
  return usePage(consoleCalls.ledgerTransactions, ledgerKeys.transactions(input), input);
}

/** A posted transaction never changes, so its entries are fetched once. */
export function useLedgerTransaction(id: number) {
  return useQuery({
    queryKey: ledgerKeys.transaction(id),
    queryFn: () => request(consoleCalls.ledgerTransactionById, { id }),
    staleTime: Infinity,
  });
}

/** Each run of the check is written to the audit log. */
export function useLedgerCheck() {
  return useCallMutation(consoleCalls.ledgerCheck, []);
}
