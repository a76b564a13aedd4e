import { useQuery } from '@tanstack/react-query';
import { kycCalls } from '@tidemark/contract';
import { request } from '../../../api/client';
import { useSession } from '../../../api/session';

/** Query keys of identity verification; all of it belongs to one session. */
export const kycKeys = {
  all: ['kyc'] as const,
  auth: (token: string | null) => ['kyc', 'auth', token] as const,
  info: (token: string | null) => ['kyc', 'info', token] as const,
};

/**
 * The verification levels and their states (not certified, certifying, failed, verified);
 * `wanted` false skips the request where the answer would not be used.
 */
export function useUserAuth(wanted = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: kycKeys.auth(token),
    queryFn: () => request(kycCalls.findUserAuth, {}, { quiet: true }),
    enabled: wanted && token !== null,
    // A reviewer decides in the console: read the states again on every arrival.
    staleTime: 0,
  });
}

/** The user's own latest submissions, to fill a form submitted again after a failure. */
export function useUserAuthInfo(wanted = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: kycKeys.info(token),
    queryFn: () => request(kycCalls.selectUserAuthInfo, {}, { quiet: true }),
    enabled: wanted && token !== null,
    staleTime: 0,
  });
}
