import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { consoleCalls, type ConsoleCallInput } from '@tidemark/contract';
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
  return useQuery({
    queryKey: ledgerKeys.accounts(input),
    queryFn: () => request(consoleCalls.ledgerAccounts, input),
    placeholderData: keepPreviousData,
  });
}

export function useLedgerTransactions(input: LedgerTransactionsInput) {
  return useQuery({
    queryKey: ledgerKeys.transactions(input),
    queryFn: () => request(consoleCalls.ledgerTransactions, input),
    placeholderData: keepPreviousData,
  });
}

/** A posted transaction never changes, so its entries are fetched once. */
export function useLedgerTransaction(id: number) {
  return useQuery({
    queryKey: ledgerKeys.transaction(id),
    queryFn: () => request(consoleCalls.ledgerTransactionById, { id }),
    staleTime: Infinity,
  });
}

export function useLedgerCheck() {
  return useMutation({ mutationFn: () => request(consoleCalls.ledgerCheck, {}) });
}
