import { authCalls } from './auth/auth.calls';
import type { CallDef } from './call';
import { commonCalls } from './common/common.calls';
import { contentCalls } from './content/content.calls';
import { userCalls } from './user/user.calls';

/** Every call Tidemark serves, by domain. The server registers exactly these. */
export const calls = {
  common: commonCalls,
  user: userCalls,
  auth: authCalls,
  content: contentCalls,
} as const;

export const allCalls: readonly CallDef[] = Object.values(calls).flatMap(
  (domain) => Object.values(domain) as CallDef[],
);
