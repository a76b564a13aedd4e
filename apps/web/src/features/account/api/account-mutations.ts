import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authCalls, userCalls, type AccountMode, type UpdateUserInput } from '@tidemark/contract';
import { request } from '../../../api/client';
import { useSession } from '../../../api/session';
import { currentLanguage } from '../../../ui/i18n';
import { accountKeys } from './account-queries';

/** The image code a request carries after the server asked for it; none before. */
export type CaptchaInput = { timestamp: string; verifyCode: string } | Record<string, never>;

/** Sends a code to an email, or to a phone with its dialling code; answers the resend wait in s. */
export function useSendCode() {
  return useMutation({
    mutationFn: async ({
      target,
      captcha,
    }: {
      target: { email: string } | { phone: string; areaCode: string };
      captcha: CaptchaInput;
    }) => {
      const lang = currentLanguage();
      const sent =
        'email' in target
          ? await request(
              authCalls.sendMailValidCode,
              { email: target.email, lang, ...captcha },
              { loading: true },
            )
          : await request(
              authCalls.sendValidCode,
              { ...target, lang, ...captcha },
              { loading: true },
            );
      return sent.resendAfter;
    },
  });
}

export function useSignIn() {
  const signIn = useSession((s) => s.signIn);
  const queryClient = useQueryClient();
  return (token: string) => {
    queryClient.removeQueries({ queryKey: accountKeys.info });
    signIn(token);
  };
}

/** Ends the session on the server (best effort) and here, then opens the login page. */
export function useLogout() {
  const signOut = useSession((s) => s.signOut);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () =>
      request(userCalls.logout, {}, { loading: true, quiet: true }).catch(() => null),
    onSettled: () => {
      navigate('/pages/login/login', { replace: true });
      signOut(true);
      queryClient.clear();
    },
  });
}

export function useSwitchMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: AccountMode) => request(userCalls.switchUser, { mode }, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.info }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserInput) => request(userCalls.updateUser, input, { loading: true }),
    onSuccess: (info) => {
      queryClient.setQueriesData({ queryKey: accountKeys.info }, info);
    },
  });
}
