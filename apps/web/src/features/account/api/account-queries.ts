import { useQuery } from '@tanstack/react-query';
import { commonCalls, userCalls } from '@tidemark/contract';
import { request } from '../../../api/client';
import { STALE } from '../../../api/query-client';
import { useSession } from '../../../api/session';

export const accountKeys = {
  info: ['account', 'info'] as const,
  countries: ['account', 'countries'] as const,
};

/** The logged-in user's profile; idle for visitors. */
export function useUserInfo() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...accountKeys.info, token],
    queryFn: () => request(userCalls.findUserInfo, {}, { quiet: true }),
    enabled: token !== null,
    staleTime: STALE.profile,
  });
}

/** Countries with dialling codes, for phone numbers. */
export function useCountries() {
  return useQuery({
    queryKey: accountKeys.countries,
    queryFn: () => request(commonCalls.findCountryCode, {}, { quiet: true }),
    staleTime: STALE.reference,
  });
}
