import * as z from 'zod/mini';
import { defineCall } from '../call';
import { VERIFICATION_CODE } from '../constants';
import {
  accountRule,
  areaCode,
  captchaFields,
  email,
  optionalText,
  password,
  phoneRule,
  requiredText,
  sameAs,
  verificationCode,
} from '../fields';

const codeSent = /* @__PURE__ */ z.object({
  /** Seconds until the code expires. */
  expiresIn: z.number(),
  /** Seconds until another code may be requested for the same address. */
  resendAfter: z.number(),
});

/** The language the message is written in (a pack code); English when absent or unknown. */
const lang = /* @__PURE__ */ optionalText(5);

export const forgetUserPassword = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/api/forgetUserPassword',
  area: 'auth',
  auth: 'public',
  summary:
    'reset the login password with a code sent to the account; revokes every session; after repeated wrong codes for the account, also the image code',
  input: z
    .object({
      account: requiredText(254),
      areaCode: z.optional(areaCode()),
      code: verificationCode(),
      password: password(),
      confirmPassword: z.optional(requiredText(64)),
      ...captchaFields,
    })
    .check(z.superRefine(accountRule), sameAs('password', 'confirmPassword')),
  output: z.null(),
  limits: ['passwordReset'],
});

export const sendValidCode = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/sendValidCode',
  area: 'auth',
  auth: 'public',
  summary: `send a ${VERIFICATION_CODE.length}-digit code by SMS; after several unused codes to the number, with the image code`,
  input: z
    .object({ phone: requiredText(20), areaCode: areaCode(), lang, ...captchaFields })
    .check(z.superRefine(phoneRule('phone'))),
  output: codeSent,
  limits: ['sendCode'],
});

export const sendMailValidCode = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/sendMailValidCode',
  area: 'auth',
  auth: 'public',
  summary: `send a ${VERIFICATION_CODE.length}-digit code by email; after several unused codes to the address, with the image code`,
  input: z.object({ email: email(), lang, ...captchaFields }),
  output: codeSent,
  limits: ['sendCode'],
});
