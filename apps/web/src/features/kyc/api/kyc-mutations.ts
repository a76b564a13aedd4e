import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { kycCalls, type CallDef, type CallInput, type KycKind } from '@tidemark/contract';
import { request } from '../../../api/client';
import { kycKeys } from './kyc-queries';

/** The call that sends each kind of verification for review. */
export const VERIFICATION_CALLS = {
  primary: kycCalls.userPrimaryAuth,
  identity: kycCalls.userIdentitySeniorAuth,
  passport: kycCalls.userPassportSeniorAuth,
} satisfies Record<KycKind, CallDef>;

export type VerificationInput<K extends KycKind> = CallInput<(typeof VERIFICATION_CALLS)[K]>;
export type PrimaryInput = VerificationInput<'primary'>;
export type IdentityInput = VerificationInput<'identity'>;
export type PassportInput = VerificationInput<'passport'>;

/**
 * Sends a verification of this kind for review. The profile (its verification level, shown in
 * settings and on home) belongs to another feature: the page passes its key.
 */
export function useSubmitVerification<K extends KycKind>(
  kind: K,
  related: readonly QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VerificationInput<K>) =>
      request(VERIFICATION_CALLS[kind], input, { loading: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: kycKeys.all }),
        ...related.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]),
  });
}
