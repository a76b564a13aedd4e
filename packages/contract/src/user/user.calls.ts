import * as z from 'zod/mini';
import { defineCall } from '../call';
import { ACCOUNT_MODES } from '../constants';
import {
  accountRule,
  anyPassword,
  areaCode,
  captchaFields,
  email,
  emptyInput,
  mode,
  nickname,
  optionalText,
  password,
  payPassword,
  phoneRule,
  requiredText,
  sameAs,
  verificationCode,
} from '../fields';
import { tokenOutput, userInfo } from './user.schemas';

const accountFields = { account: requiredText(254), areaCode: z.optional(areaCode()) };

const updateNickname = /* @__PURE__ */ z.object({ nickname: nickname() });
const updateEmail = /* @__PURE__ */ z.object({ email: email(), code: verificationCode() });
const updatePhone = /* @__PURE__ */ z
  .object({ phone: requiredText(20), areaCode: areaCode(), code: verificationCode() })
  .check(z.superRefine(phoneRule('phone')));

export type UpdateUserInput =
  z.input<typeof updateEmail> | z.input<typeof updatePhone> | z.input<typeof updateNickname>;

export const register = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/user/register',
  area: 'user',
  auth: 'public',
  summary: 'register by phone or email with a verification code; answers a session token',
  input: z
    .object({
      ...accountFields,
      password: password(),
      confirmPassword: requiredText(64),
      code: verificationCode(),
      inviteCode: optionalText(16),
    })
    .check(z.superRefine(accountRule), sameAs('password', 'confirmPassword')),
  output: tokenOutput,
  limits: ['register'],
});

export const login = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/user/login',
  area: 'user',
  auth: 'public',
  summary:
    'log in by phone or email and password; answers the token; after repeated failures for the account, also the image code',
  input: z
    .object({
      ...accountFields,
      password: anyPassword(),
      ...captchaFields,
    })
    .check(z.superRefine(accountRule)),
  output: tokenOutput,
  // No request limit: the server counts failed logins per address and per account instead.
});

export const logout = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/user/logout',
  area: 'user',
  auth: 'user',
  summary: 'revoke the token',
  input: emptyInput,
  output: z.null(),
});

export const findUserInfo = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/user/findUserInfo',
  area: 'user',
  auth: 'user',
  summary: 'the profile of the token owner',
  input: emptyInput,
  output: userInfo,
});

export const updateUser = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/user/updateUser',
  area: 'user',
  auth: 'user',
  summary: 'change nickname, or email or phone with a code sent to the new address',
  // One change per call, chosen by the field sent: email, phone, or else nickname.
  input: z.pipe(
    z.record(z.string(), z.unknown()),
    z.transform(async (raw: Record<string, unknown>, ctx) => {
      const schema = 'email' in raw ? updateEmail : 'phone' in raw ? updatePhone : updateNickname;
      const result = await schema.safeParseAsync(raw);
      if (result.success) return result.data;
      for (const { message, path } of result.error.issues) {
        ctx.issues.push({ code: 'custom', message, path, input: raw });
      }
      return z.NEVER;
    }),
  ) as unknown as z.ZodMiniType<
    z.output<typeof updateEmail> | z.output<typeof updatePhone> | z.output<typeof updateNickname>,
    UpdateUserInput
  >,
  output: userInfo,
});

export const updateUserPassword = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/user/updateUserPassword',
  area: 'user',
  auth: 'user',
  summary: 'change the login password (old and new must differ); revokes every session',
  input: z
    .object({
      oldPassword: anyPassword(),
      newPassword: password(),
      confirmPassword: z.optional(requiredText(64)),
    })
    .check(
      sameAs('newPassword', 'confirmPassword'),
      z.refine((v) => v.oldPassword !== v.newPassword, {
        error: 'passwordSameAsOld',
        path: ['newPassword'],
      }),
    ),
  output: z.null(),
});

export const updatePayPwd = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/user/updatePayPwd',
  area: 'user',
  auth: 'user',
  summary: 'set the pay password, or change it giving the current one',
  input: z
    .object({
      payPassword: payPassword(),
      confirmPayPassword: z.optional(z.string()),
      oldPayPassword: z.optional(z.string()),
    })
    .check(sameAs('payPassword', 'confirmPayPassword')),
  output: z.null(),
});

export const switchUser = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/copy/switchUser',
  area: 'user',
  auth: 'user',
  summary: 'switch between the demo and the real account (to `mode`, or to the other one)',
  input: z.object({ mode: z.optional(mode()) }),
  output: z.object({ mode: z.enum(ACCOUNT_MODES) }),
});
