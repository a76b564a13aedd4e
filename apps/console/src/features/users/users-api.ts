import { useMutation, useQuery } from '@tanstack/react-query';
import { consoleCalls, type ConsoleCallInput, type FreezeScope } from '@tidemark/contract';
import { useInvalidate, usePage } from '../../api/call-hooks';
import { request } from '../../api/client';

export type UserListInput = ConsoleCallInput<typeof consoleCalls.listUsers>;
export type UserDetailInput = ConsoleCallInput<typeof consoleCalls.getUser>;

export const userKeys = {
  all: ['users'] as const,
  list: (input: UserListInput) => [...userKeys.all, 'list', input] as const,
  detail: (input: UserDetailInput) => [...userKeys.all, 'detail', input] as const,
};

export function useUsers(input: UserListInput) {
  return usePage(consoleCalls.listUsers, userKeys.list(input), input);
}

/** The traders an account typed in an orders search may be (the users search, a few answers). */
export function useTraderLookup(text: string | null) {
  return useQuery({
    queryKey: ['users', 'list', { q: text, lookup: true }],
    queryFn: () => request(consoleCalls.listUsers, { q: text ?? '', page: 1, pageSize: 10 }),
    enabled: text !== null,
  });
}

/** Profile, balances, verification, wallets, orders and one page of the account-change log. */
export function useUserDetail(input: UserDetailInput) {
  return useQuery({
    queryKey: userKeys.detail(input),
    queryFn: () => request(consoleCalls.getUser, input),
    // A new log page keeps the rest of the page on screen while it loads.
    placeholderData: (previous) => (previous?.user.id === input.id ? previous : undefined),
  });
}

export interface FreezeChange {
  id: number;
  scope: FreezeScope;
  reason: string;
  /** true freezes, false lifts the freeze. */
  freeze: boolean;
}

export function useFreezeUser() {
  const refresh = useInvalidate([userKeys.all]);
  return useMutation({
    mutationFn: ({ freeze, ...input }: FreezeChange) =>
      request(freeze ? consoleCalls.freezeUser : consoleCalls.unfreezeUser, input),
    onSuccess: refresh,
  });
}
