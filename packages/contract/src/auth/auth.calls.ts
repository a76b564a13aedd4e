import { z } from 'zod';
import { defineCall } from '../call';
import { VERIFICATION_CODE } from '../constants';
import {
  accountRule,
  areaCode,
  email,
  optionalText,
  password,
  phoneRule,
  requiredText,
  verificationCode,
} from '../fields';

export const codeSent = z.object({
  /** Seconds until the code expires. */
  expiresIn: z.number().int(),
  /** Seconds until another code may be requested for the same address. */
  resendAfter: z.number().int(),
});

/** The language the message is written in (a pack code); English when absent or unknown. */
const lang = optionalText(5);

export const authCalls = {
  forgetUserPassword: defineCall({
    method: 'POST',
    path: '/api/forgetUserPassword',
    area: 'auth',
    auth: 'public',
    summary: 'reset the login password with a code sent to the account; revokes every session',
    input: z
      .object({
        account: requiredText(254),
        areaCode: areaCode().optional(),
        code: verificationCode(),
        password: password(),
        confirmPassword: requiredText(64).optional(),
      })
      .superRefine(accountRule)
      .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
        message: 'passwordMismatch',
        path: ['confirmPassword'],
      }),
    output: z.null(),
    limits: ['passwordReset'],
  }),
  sendValidCode: defineCall({
    method: 'GET',
    path: '/api/sendValidCode',
    area: 'auth',
    auth: 'public',
    summary: `send a ${VERIFICATION_CODE.length}-digit code by SMS`,
    input: z
      .object({ phone: requiredText(20), areaCode: areaCode(), lang })
      .superRefine(phoneRule('phone')),
    output: codeSent,
    limits: ['sendCode'],
  }),
  sendMailValidCode: defineCall({
    method: 'GET',
    path: '/api/sendMailValidCode',
    area: 'auth',
    auth: 'public',
    summary: `send a ${VERIFICATION_CODE.length}-digit code by email`,
    input: z.object({ email: email(), lang }),
    output: codeSent,
    limits: ['sendCode'],
  }),
} as const;
