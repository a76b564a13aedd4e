import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { kycCalls, type CallInput } from '@tidemark/contract';
import { request } from '../../../api/client';
import { kycKeys } from './kyc-queries';

export type PrimaryInput = CallInput<typeof kycCalls.userPrimaryAuth>;
export type IdentityInput = CallInput<typeof kycCalls.userIdentitySeniorAuth>;
export type PassportInput = CallInput<typeof kycCalls.userPassportSeniorAuth>;

export type KycSubmit =
  | { kind: 'primary'; input: PrimaryInput }
  | { kind: 'identity'; input: IdentityInput }
  | { kind: 'passport'; input: PassportInput };

/**
 * Sends a verification for review. The profile (its verification level, shown in settings and
 * on home) belongs to another feature: the page passes its key.
 */
export function useSubmitVerification(related: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submit: KycSubmit) => {
      const options = { loading: true };
      if (submit.kind === 'primary')
        return request(kycCalls.userPrimaryAuth, submit.input, options);
      if (submit.kind === 'identity') {
        return request(kycCalls.userIdentitySeniorAuth, submit.input, options);
      }
      return request(kycCalls.userPassportSeniorAuth, submit.input, options);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: kycKeys.all }),
        ...related.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]),
  });
}
