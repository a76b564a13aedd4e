import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  consoleCalls,
  roleAllows,
  type ConsoleCallDef,
  type ConsoleCallInput,
} from '@tidemark/contract';
import { useCallMutation } from '../../api/call-hooks';
import { request } from '../../api/client';
import { signIn, signOut, useToken } from '../../api/session';
import { forgetUploads } from '../../api/uploads';
import type { Operator } from '../../api/types';

export const sessionKeys = {
  me: (token: string | null) => ['session', 'me', token] as const,
};

/** The operator of the current token (name, role); undefined while loading or signed out. */
export function useMe() {
  const token = useToken();
  return useQuery({
    queryKey: sessionKeys.me(token),
    queryFn: () => request(consoleCalls.me, {}),
    enabled: token !== null,
    staleTime: 60_000,
  });
}

/** The signed-in operator; only for components rendered inside the signed-in shell. */
export function useOperator(): Operator {
  const me = useMe();
  if (!me.data) throw new Error('useOperator outside the signed-in shell');
  return me.data;
}

/** Whether the signed-in operator's role may make a call (the server enforces it anyway). */
export function useCan(): (call: ConsoleCallDef) => boolean {
  const operator = useOperator();
  return (call) => roleAllows(call, operator.role);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows its own failure in place (the login page), so no global message.
    meta: { quiet: true },
    mutationFn: (input: ConsoleCallInput<typeof consoleCalls.login>) =>
      request(consoleCalls.login, input),
    onSuccess: (result) => {
      queryClient.setQueryData(sessionKeys.me(result.token), result.operator);
      signIn(result.token);
    },
  });
}

/** The server ends the operator's other sessions (this one stays) and audits the change. */
export function useChangePassword() {
  return useCallMutation(consoleCalls.changePassword, []);
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(consoleCalls.logout, {}),
    // Signed out locally whatever the server answered: the operator asked to leave.
    onSettled: () => {
      signOut();
      forgetUploads();
      queryClient.clear();
    },
  });
}
