import * as z from 'zod/mini';
import { ACCOUNT_MODES, MEMBER_TIERS } from '../constants';

export const tokenOutput = /* @__PURE__ */ z.object({ token: z.string() });

export const userInfo = /* @__PURE__ */ z.object({
  id: z.number(),
  nickname: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  areaCode: z.nullable(z.string()),
  inviteCode: z.string(),
  verifyLevel: z.number(),
  memberTier: z.enum(MEMBER_TIERS),
  mode: z.enum(ACCOUNT_MODES),
  hasPayPassword: z.boolean(),
  createdAt: z.number(),
});
export type UserInfo = z.output<typeof userInfo>;
