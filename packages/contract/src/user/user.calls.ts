import { z } from 'zod';
import { defineCall } from '../call';
import { ACCOUNT_MODES, MEMBER_TIERS } from '../constants';
import {
  anyPassword,
  areaCode,
  accountRule,
  email,
  emptyInput,
  mode,
  nickname,
  optionalText,
  password,
  payPassword,
  phoneRule,
  requiredText,
  verificationCode,
} from '../fields';

export const tokenOutput = z.object({ token: z.string() });

export const userInfo = z.object({
  id: z.number().int(),
  nickname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  areaCode: z.string().nullable(),
  inviteCode: z.string(),
  verifyLevel: z.number().int(),
  memberTier: z.enum(MEMBER_TIERS),
  mode: z.enum(ACCOUNT_MODES),
  hasPayPassword: z.boolean(),
  createdAt: z.number().int(),
});
export type UserInfo = z.output<typeof userInfo>;

const accountFields = {
  account: requiredText(254),
  areaCode: areaCode().optional(),
};

export const registerInput = z
  .object({
    ...accountFields,
    password: password(),
    confirmPassword: requiredText(64),
    code: verificationCode(),
    inviteCode: optionalText(16),
  })
  .superRefine(accountRule)
  .refine((v) => v.password === v.confirmPassword, {
    message: 'passwordMismatch',
    path: ['confirmPassword'],
  });

export const loginInput = z
  .object({
    ...accountFields,
    password: anyPassword(),
    /** Captcha, asked for after repeated failures: the timestamp given to getVerify and its text. */
    timestamp: optionalText(20),
    verifyCode: optionalText(8),
  })
  .superRefine(accountRule);

const updateNickname = z.object({ nickname: nickname() });
const updateEmail = z.object({ email: email(), code: verificationCode() });
const updatePhone = z
  .object({ phone: requiredText(20), areaCode: areaCode(), code: verificationCode() })
  .superRefine(phoneRule('phone'));

/** One change per call, chosen by the field sent: email, phone, or else nickname. */
export const updateUserInput = z.record(z.string(), z.unknown()).transform((raw, ctx) => {
  const schema = 'email' in raw ? updateEmail : 'phone' in raw ? updatePhone : updateNickname;
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  }
  return z.NEVER;
});
export type UpdateUserInput =
  z.input<typeof updateEmail> | z.input<typeof updatePhone> | z.input<typeof updateNickname>;

export const userCalls = {
  register: defineCall({
    method: 'POST',
    path: '/user/register',
    area: 'user',
    auth: 'public',
    summary: 'register by phone or email with a verification code; answers a session token',
    input: registerInput,
    output: tokenOutput,
    limits: ['register'],
  }),
  login: defineCall({
    method: 'POST',
    path: '/user/login',
    area: 'user',
    auth: 'public',
    summary: 'log in by phone or email and password; answers the token',
    input: loginInput,
    output: tokenOutput,
    limits: ['login'],
  }),
  logout: defineCall({
    method: 'GET',
    path: '/user/logout',
    area: 'user',
    auth: 'user',
    summary: 'revoke the token',
    input: emptyInput,
    output: z.null(),
  }),
  findUserInfo: defineCall({
    method: 'GET',
    path: '/user/findUserInfo',
    area: 'user',
    auth: 'user',
    summary: 'the profile of the token owner',
    input: emptyInput,
    output: userInfo,
  }),
  updateUser: defineCall({
    method: 'POST',
    path: '/user/updateUser',
    area: 'user',
    auth: 'user',
    summary: 'change nickname, or email or phone with a code sent to the new address',
    input: updateUserInput,
    output: userInfo,
  }),
  updateUserPassword: defineCall({
    method: 'POST',
    path: '/user/updateUserPassword',
    area: 'user',
    auth: 'user',
    summary: 'change the login password (old and new must differ); revokes every session',
    input: z
      .object({
        oldPassword: anyPassword(),
        newPassword: password(),
        confirmPassword: requiredText(64).optional(),
      })
      .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.newPassword, {
        message: 'passwordMismatch',
        path: ['confirmPassword'],
      })
      .refine((v) => v.oldPassword !== v.newPassword, {
        message: 'passwordSameAsOld',
        path: ['newPassword'],
      }),
    output: z.null(),
  }),
  updatePayPwd: defineCall({
    method: 'POST',
    path: '/user/updatePayPwd',
    area: 'user',
    auth: 'user',
    summary: 'set the pay password, or change it giving the current one',
    input: z
      .object({
        payPassword: payPassword(),
        confirmPayPassword: z.string().optional(),
        oldPayPassword: z.string().optional(),
      })
      .refine((v) => v.confirmPayPassword === undefined || v.confirmPayPassword === v.payPassword, {
        message: 'passwordMismatch',
        path: ['confirmPayPassword'],
      }),
    output: z.null(),
  }),
  switchUser: defineCall({
    method: 'GET',
    path: '/copy/switchUser',
    area: 'user',
    auth: 'user',
    summary: 'switch between the demo and the real account (to `mode`, or to the other one)',
    input: z.object({ mode: mode().optional() }),
    output: z.object({ mode: z.enum(ACCOUNT_MODES) }),
  }),
} as const;
