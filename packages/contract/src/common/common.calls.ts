import * as z from 'zod/mini';
import { defineCall } from '../call';
import { emptyInput, requiredText } from '../fields';

export const findOnline = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/common/findOnline',
  area: 'common',
  auth: 'optional',
  summary: 'heartbeat of a logged-in client; marks the user online and answers the server time',
  input: emptyInput,
  output: z.object({ serverTime: z.number(), online: z.boolean() }),
});

export const findTimeTrade = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/common/findTimeTrade',
  area: 'common',
  auth: 'public',
  summary: 'server time and whether trading is open now',
  input: emptyInput,
  output: z.object({ serverTime: z.number(), tradingOpen: z.boolean(), timeZone: z.string() }),
});

export const getVerify = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/common/getVerify',
  area: 'common',
  auth: 'public',
  summary: 'captcha image (SVG) for a client timestamp; asked for at login after repeated failures',
  input: z.object({
    timestamp: requiredText(20).check(
      z.refine((v) => /^\d{10,16}$/.test(v), { error: 'invalidInput' }),
    ),
  }),
  output: z.string(),
  produces: 'image/svg+xml',
});

export const findCountryCode = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/common/findCountryCode',
  area: 'common',
  auth: 'public',
  summary: 'countries with dialling codes (ISO 3166 code; the app shows the name in its language)',
  input: emptyInput,
  output: z.array(z.object({ code: z.string(), dialCode: z.string(), name: z.string() })),
});
