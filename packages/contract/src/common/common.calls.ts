import { z } from 'zod';
import { defineCall } from '../call';
import { emptyInput, requiredText } from '../fields';

export const serverTime = z.object({ serverTime: z.number().int() });

export const commonCalls = {
  findOnline: defineCall({
    method: 'GET',
    path: '/common/findOnline',
    area: 'common',
    auth: 'optional',
    summary: 'heartbeat of a logged-in client; marks the user online and answers the server time',
    input: emptyInput,
    output: serverTime.extend({ online: z.boolean() }),
  }),
  findTimeTrade: defineCall({
    method: 'GET',
    path: '/common/findTimeTrade',
    area: 'common',
    auth: 'public',
    summary: 'server time and whether trading is open now',
    input: emptyInput,
    output: serverTime.extend({ tradingOpen: z.boolean(), timeZone: z.string() }),
  }),
  getVerify: defineCall({
    method: 'GET',
    path: '/common/getVerify',
    area: 'common',
    auth: 'public',
    summary:
      'captcha image (SVG) for a client timestamp; answered at login after repeated failures',
    input: z.object({
      timestamp: requiredText(20).refine((v) => /^\d{10,16}$/.test(v), { error: 'invalidInput' }),
    }),
    output: z.string(),
    produces: 'image/svg+xml',
  }),
  findCountryCode: defineCall({
    method: 'GET',
    path: '/common/findCountryCode',
    area: 'common',
    auth: 'public',
    summary:
      'countries with dialling codes (ISO 3166 code; the app shows the name in its language)',
    input: emptyInput,
    output: z.array(z.object({ code: z.string(), dialCode: z.string(), name: z.string() })),
  }),
} as const;
