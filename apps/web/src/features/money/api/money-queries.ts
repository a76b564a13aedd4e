import { useInfiniteQuery, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { moneyCalls, type DepositRecord, type WithdrawalRecord } from '@tidemark/contract';
import { request } from '../../../api/client';
import { nextPageParam } from '../../../api/paging';
import { useSession } from '../../../api/session';
import { useChannel } from '../../../api/use-channel';
import { moneyKeys, RECORDS_PAGE_SIZE } from './money-keys';

/**
 * A deposit credited or a withdrawal moved by an operator changes a real-book balance, and the
 * server says so on the user's channel: the records and terms are read again. Only enabled
 * readers listen, so the records page (both tabs mounted, one enabled) invalidates once a frame.
 */
function useLiveMoney(enabled = true): void {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  useChannel(enabled && token ? 'user' : null, (event) => {
    if (event.event === 'balance' && event.mode === 'real') {
      void queryClient.invalidateQueries({ queryKey: moneyKeys.all });
    }
  });
}

/** The user's deposit requests, newest first, a page at a time. */
export function useDepositRecords(enabled = true) {
  const token = useSession((s) => s.token);
  useLiveMoney(enabled);
  return useInfiniteQuery({
    queryKey: moneyKeys.deposits(token),
    queryFn: ({ pageParam }) =>
      request(
        moneyCalls.findByUserRechargePage,
        { page: pageParam, pageSize: RECORDS_PAGE_SIZE },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: enabled && token !== null,
  });
}

/** The user's withdrawals with their steps, newest first, a page at a time. */
export function useWithdrawalRecords(enabled = true) {
  const token = useSession((s) => s.token);
  useLiveMoney(enabled);
  return useInfiniteQuery({
    queryKey: moneyKeys.withdrawals(token),
    queryFn: ({ pageParam }) =>
      request(
        moneyCalls.findByUserWithdrawPage,
        { page: pageParam, pageSize: RECORDS_PAGE_SIZE },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: enabled && token !== null,
  });
}

/**
 * One record of the user's by its id (null: no such record of theirs). `initial`: the record the
 * submitting page passed on, shown at once while the lookup confirms it.
 */
function useOwnRecord<T extends { id: number }>(
  key: (token: string | null, id: number) => QueryKey,
  find: (query: { id: number; page: number; pageSize: number }) => Promise<{ list: T[] }>,
  id: number | null,
  initial: T | undefined,
) {
  const token = useSession((s) => s.token);
  useLiveMoney();
  return useQuery({
    queryKey: key(token, id ?? 0),
    queryFn: async () => {
      const found = await find({ id: id ?? 0, page: 1, pageSize: 1 });
      return found.list[0] ?? null;
    },
    enabled: token !== null && id !== null,
    initialData: initial?.id === id ? initial : undefined,
    initialDataUpdatedAt: 0,
  });
}

/** One deposit of the user's; `initial` as for useOwnRecord. */
export function useDeposit(id: number | null, initial?: DepositRecord) {
  return useOwnRecord(
    moneyKeys.deposit,
    (query) => request(moneyCalls.findByUserRechargePage, query, { quiet: true }),
    id,
    initial,
  );
}

/** One withdrawal of the user's; `initial` as for useOwnRecord. */
export function useWithdrawal(id: number | null, initial?: WithdrawalRecord) {
  return useOwnRecord(
    moneyKeys.withdrawal,
    (query) => request(moneyCalls.findByUserWithdrawPage, query, { quiet: true }),
    id,
    initial,
  );
}

/**
 * Everything a withdrawal of this currency (and chain) needs, shown before confirming: fee,
 * minimum, balance, volume threshold, pay password, verification.
 */
export function useWithdrawTerms(currency: string, chain: string | undefined) {
  const token = useSession((s) => s.token);
  useLiveMoney();
  return useQuery({
    queryKey: moneyKeys.terms(token, currency, chain),
    queryFn: () =>
      request(
        moneyCalls.findWithdrawTerms,
        { currency, ...(chain ? { chain } : {}) },
        { quiet: true },
      ),
    enabled: token !== null,
    // Verification, the pay password, balances and volume change elsewhere: read them on arrival.
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}
