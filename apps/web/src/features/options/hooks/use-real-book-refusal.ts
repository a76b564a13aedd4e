import type { AccountMode } from '@tidemark/contract';
import { useUserAuth, useUserAuthInfo } from '../../kyc/api/kyc-queries';

/** Why the real book's options would be refused for this trader, known before they try. */
export type RealBookRefusal =
  { code: 'optionPrimaryRequired' } | { code: 'optionRestricted'; country: string };

/** The rule itself: the primary verification's state and country against the restricted list. */
export function realBookRefusal(
  primaryState: string,
  country: string | null | undefined,
  restrictedCountries: readonly string[] | undefined,
): RealBookRefusal | null {
  if (primaryState !== 'verified') return { code: 'optionPrimaryRequired' };
  const code = country?.toUpperCase();
  if (code && restrictedCountries?.includes(code))
    return { code: 'optionRestricted', country: code };
  return null;
}

/**
 * The server's own jurisdiction rule (options.service checkJurisdiction), read ahead from the
 * trader's verification so the form says so up front instead of after confirming: real-book
 * options need primary verification from a country outside the restricted list. The server
 * still decides; null while unknown or when nothing stands in the way.
 */
export function useRealBookRefusal(
  mode: AccountMode | undefined,
  restrictedCountries: readonly string[] | undefined,
): RealBookRefusal | null {
  const real = mode === 'real';
  const auth = useUserAuth(real);
  const info = useUserAuthInfo(real);
  if (!real || !auth.data) return null;
  return realBookRefusal(auth.data.primary.state, info.data?.primary?.country, restrictedCountries);
}
