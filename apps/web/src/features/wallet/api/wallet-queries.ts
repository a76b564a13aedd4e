import { useQuery } from '@tanstack/react-query';
import { walletCalls } from '@tidemark/contract';
import { request } from '../../../api/client';
import { useSession } from '../../../api/session';

/**
 * Query keys of the wallet domain (STYLE.md: keys per resource). The platform's currencies and
 * chains are public; the user's bound and deposit addresses belong to one session.
 */
export const walletKeys = {
  all: ['wallet'] as const,
  currencies: () => ['wallet', 'currencies'] as const,
  user: () => ['wallet', 'user'] as const,
  bound: (token: string | null) => ['wallet', 'user', 'bound', token] as const,
  depositAddresses: (token: string | null) =>
    ['wallet', 'user', 'depositAddresses', token] as const,
};

/** Operators change chains, fees and minimums rarely; a page opened later reads them again. */
const CURRENCIES_STALE_MS = 60_000;

/** Currencies and chains the platform accepts, with deposit addresses and withdrawal terms. */
export function useWalletCurrencies() {
  return useQuery({
    queryKey: walletKeys.currencies(),
    queryFn: () => request(walletCalls.findByWalletList, {}, { quiet: true }),
    staleTime: CURRENCIES_STALE_MS,
  });
}

/** The user's bound withdrawal addresses, newest first. */
export function useBoundWallets() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: walletKeys.bound(token),
    queryFn: () => request(walletCalls.selectUserWalletList, { type: 1 }, { quiet: true }),
    enabled: token !== null,
  });
}

/** The addresses the user sends deposits from, one per currency and chain. */
export function useDepositAddresses() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: walletKeys.depositAddresses(token),
    queryFn: () => request(walletCalls.findUserIdUserAddress, {}, { quiet: true }),
    enabled: token !== null,
  });
}
