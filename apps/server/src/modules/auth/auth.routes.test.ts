import fs from 'node:fs';
import path from 'node:path';
import { authCalls, userCalls, type CallDef } from '@tidemark/contract';
import { interpolate, LANGUAGE_CODES, loadLocale } from '@tidemark/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA, expectRefusal, otherCode } from '../../test/envelopes';
import {
  GOOD_PASSWORD,
  ROOMY_LIMITS,
  startServer,
  uniqueEmail,
  type TestServer,
} from '../../test/harness';

// The limits themselves are tested in http/http.test.ts.

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS });
});
afterAll(() => server.close());

function callLoose(def: CallDef, input: Record<string, unknown>, token?: string) {
  return server.call(def, input as never, { token });
}

/** English text of a code message (the en pack's delivery.codeText, spelled out). */
const englishText = (code: string) =>
  `Your Tidemark verification code is ${code}. It expires in 5 minutes. Never share it with anyone.`;

let phoneCounter = 0;
function mainlandPhone(): string {
  phoneCounter += 1;
  return `1390013${String(phoneCounter).padStart(4, '0')}`;
}

const waitForResend = () => server.clock.advance(60_000);

async function emailCode(email: string): Promise<string> {
  const sent = await server.call(authCalls.sendMailValidCode, { email });
  expect(sent.status).toBe(1);
  return server.lastCode(email);
}

function reset(
  account: string,
  code: string,
  password: string,
  extra: Record<string, string> = {},
) {
  return callLoose(authCalls.forgetUserPassword, {
    account,
    code,
    password,
    confirmPassword: password,
    ...extra,
  });
}

function login(account: string, password: string, extra: Record<string, string> = {}) {
  return callLoose(userCalls.login, { account, password, ...extra });
}

async function tokenWorks(token: string): Promise<boolean> {
  const info = await server.call(userCalls.findUserInfo, {}, { token });
  if (info.status === 1) return true;
  expectRefusal(info, 'sessionExpired');
  return false;
}

// --- sending codes -------------------------------------------------------------------------------

describe('sendMailValidCode', () => {
  it('writes one outbox line with channel, to, a 6-digit code, the text and the time', async () => {
    const email = uniqueEmail();
    const before = server.outbox().length;
    const t0 = server.clock.now();
    const answer = await server.call(authCalls.sendMailValidCode, { email });
    const t1 = server.clock.now();
    expect(answer).toEqual({
      status: 1,
      code: 'operation',
      enMsg: 'Operation successful',
      cnMsg: expect.any(String),
      data: { expiresIn: 300, resendAfter: 60 },
    });

    const outbox = server.outbox();
    expect(outbox).toHaveLength(before + 1);
    const message = outbox.at(-1)!;
    expect(Object.keys(message).sort()).toEqual(['at', 'channel', 'code', 'text', 'to']);
    expect(message).toMatchObject({ channel: 'email', to: email });
    expect(message.code).toMatch(/^\d{6}$/);
    expect(message.text).toBe(englishText(message.code));
    expect(message.at).toBeGreaterThanOrEqual(t0);
    expect(message.at).toBeLessThanOrEqual(t1);
  });

  it('sends to the address in lower case', async () => {
    const email = uniqueEmail();
    await server.call(authCalls.sendMailValidCode, { email: email.toUpperCase() });
    expect(server.outbox().at(-1)).toMatchObject({ channel: 'email', to: email });
  });

  it('draws a different code for each address', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add(await emailCode(uniqueEmail()));
    // Five random six-digit codes: all alike would mean they are not random.
    expect(codes.size).toBeGreaterThan(1);
  });

  it('localises the text with lang: zh', async () => {
    const email = uniqueEmail();
    const answer = await server.call(authCalls.sendMailValidCode, { email, lang: 'zh' });
    expect(answer.status).toBe(1);
    const { code, text } = server.outbox().at(-1)!;
    expect(text).toBe(`您的 Tidemark 验证码是 ${code}，5 分钟内有效。请勿告诉任何人。`);
  });

  const dePack = path.resolve(import.meta.dirname, '../../../../../packages/i18n/locales/de.json');
  it.skipIf(!fs.existsSync(dePack))('localises the text with lang: de (German)', async () => {
    const email = uniqueEmail();
    expect((await server.call(authCalls.sendMailValidCode, { email, lang: 'de' })).status).toBe(1);
    const { code, text } = server.outbox().at(-1)!;
    const pack = JSON.parse(fs.readFileSync(dePack, 'utf8')) as {
      delivery: { codeText: string };
    };
    expect(text).toBe(interpolate(pack.delivery.codeText, { code, minutes: 5 }));
    expect(text).toContain(code);
    expect(text).toContain('Tidemark');
    expect(text).not.toBe(englishText(code));
  });

  it.each([...LANGUAGE_CODES])('writes the text of the %s pack', async (lang) => {
    const email = uniqueEmail();
    const answer = await server.call(authCalls.sendMailValidCode, { email, lang });
    expect(answer.status).toBe(1);
    const { code, text } = server.outbox().at(-1)!;
    const pack = await loadLocale(lang);
    expect(text).toBe(interpolate(pack.delivery.codeText, { code, minutes: 5 }));
    expect(text).toContain(code);
    if (lang !== 'en') expect(text).not.toBe(englishText(code));
  });

  it('falls back to English for an unknown or empty lang', async () => {
    for (const lang of ['xx', '', 'EN']) {
      const email = uniqueEmail();
      expect((await server.call(authCalls.sendMailValidCode, { email, lang })).status).toBe(1);
      const { code, text } = server.outbox().at(-1)!;
      expect(text).toBe(englishText(code));
    }
  });

  it('refuses a lang longer than 5 characters with invalidInput and sends nothing', async () => {
    const before = server.outbox().length;
    const email = uniqueEmail();
    expectRefusal(
      await server.call(authCalls.sendMailValidCode, { email, lang: 'english' }),
      'invalidInput',
    );
    expect(server.outbox()).toHaveLength(before);
  });

  it('refuses a malformed or missing email and sends nothing', async () => {
    const before = server.outbox().length;
    expectRefusal(
      await server.call(authCalls.sendMailValidCode, { email: 'nope@' }),
      'emailFormat',
    );
    expectRefusal(
      await server.call(authCalls.sendMailValidCode, { email: 'a b@example.com' }),
      'emailFormat',
    );
    expectRefusal(await callLoose(authCalls.sendMailValidCode, {}), 'requiredItems');
    expectRefusal(await server.call(authCalls.sendMailValidCode, { email: '  ' }), 'requiredItems');
    expect(server.outbox()).toHaveLength(before);
  });

  it('answers codeWait (429) within 60 s, with the seconds left, then sends again', async () => {
    const email = uniqueEmail();
    const first = await emailCode(email);
    const before = server.outbox().length;

    const again = await server.call(authCalls.sendMailValidCode, { email });
    const seconds = again.params?.seconds;
    expect([59, 60]).toContain(seconds);
    expect(again).toEqual({
      status: '429',
      code: 'codeWait',
      enMsg: `Please wait ${seconds} seconds before requesting another code`,
      cnMsg: expect.stringContaining(String(seconds)),
      data: null,
      params: { seconds },
    });
    expect(server.outbox()).toHaveLength(before);

    server.clock.advance(30_000);
    const later = await server.call(authCalls.sendMailValidCode, { email });
    expect(later).toMatchObject({ status: '429', code: 'codeWait' });
    expect([29, 30]).toContain(later.params?.seconds);
    expect(server.outbox()).toHaveLength(before);

    // The refused requests did not disturb the first code: it still registers.
    server.clock.advance(30_000);
    const third = await server.call(authCalls.sendMailValidCode, { email });
    expect(third.status).toBe(1);
    expect(server.outbox()).toHaveLength(before + 1);
    const newest = server.lastCode(email);
    if (newest !== first) {
      const old = await callLoose(userCalls.register, {
        account: email,
        password: GOOD_PASSWORD,
        confirmPassword: GOOD_PASSWORD,
        code: first,
      });
      expectRefusal(old, 'codeInvalid');
    }
    const registered = await callLoose(userCalls.register, {
      account: email,
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
      code: newest,
    });
    expect(registered.status).toBe(1);
  });

  it('waits per address: another address gets its code at once', async () => {
    const a = uniqueEmail();
    const b = uniqueEmail();
    await emailCode(a);
    expect((await server.call(authCalls.sendMailValidCode, { email: a })).code).toBe('codeWait');
    expect((await server.call(authCalls.sendMailValidCode, { email: b })).status).toBe(1);
    // Upper case is the same address.
    expect((await server.call(authCalls.sendMailValidCode, { email: a.toUpperCase() })).code).toBe(
      'codeWait',
    );
  });
});

describe('sendValidCode', () => {
  it('writes one SMS outbox line to "+86 <phone>"', async () => {
    const phone = mainlandPhone();
    const before = server.outbox().length;
    const t0 = server.clock.now();
    const answer = await server.call(authCalls.sendValidCode, { phone, areaCode: '86' });
    expect(answer).toMatchObject({ status: 1, data: { expiresIn: 300, resendAfter: 60 } });
    const outbox = server.outbox();
    expect(outbox).toHaveLength(before + 1);
    const message = outbox.at(-1)!;
    expect(Object.keys(message).sort()).toEqual(['at', 'channel', 'code', 'text', 'to']);
    expect(message).toMatchObject({ channel: 'sms', to: `+86 ${phone}` });
    expect(message.code).toMatch(/^\d{6}$/);
    expect(message.text).toBe(englishText(message.code));
    expect(message.at).toBeGreaterThanOrEqual(t0);
    expect(message.at).toBeLessThanOrEqual(server.clock.now());
  });

  it('sends to a UK mobile as "+44 <phone>", localised with lang', async () => {
    const phone = '7400123456';
    const answer = await server.call(authCalls.sendValidCode, {
      phone,
      areaCode: '+44',
      lang: 'zh',
    });
    expect(answer.status).toBe(1);
    const message = server.outbox().at(-1)!;
    expect(message).toMatchObject({ channel: 'sms', to: `+44 ${phone}` });
    expect(message.text).toBe(
      `您的 Tidemark 验证码是 ${message.code}，5 分钟内有效。请勿告诉任何人。`,
    );
  });

  it('answers codeWait within 60 s for the same number, "+86" and "86" alike', async () => {
    const phone = mainlandPhone();
    expect((await server.call(authCalls.sendValidCode, { phone, areaCode: '86' })).status).toBe(1);
    const before = server.outbox().length;
    for (const areaCode of ['86', '+86']) {
      const again = await server.call(authCalls.sendValidCode, { phone, areaCode });
      expect(again).toMatchObject({ status: '429', code: 'codeWait' });
      expect(again.enMsg).toBe(
        `Please wait ${again.params?.seconds} seconds before requesting another code`,
      );
    }
    expect(server.outbox()).toHaveLength(before);
    // Another number is not held back.
    expect(
      (await server.call(authCalls.sendValidCode, { phone: mainlandPhone(), areaCode: '86' }))
        .status,
    ).toBe(1);
    waitForResend();
    expect((await server.call(authCalls.sendValidCode, { phone, areaCode: '86' })).status).toBe(1);
    expect(server.outbox()).toHaveLength(before + 2);
  });

  it('refuses a bad number or a missing area code and sends nothing', async () => {
    const before = server.outbox().length;
    expectRefusal(
      await server.call(authCalls.sendValidCode, { phone: '23800138000', areaCode: '86' }),
      'phoneFormat',
    );
    expectRefusal(
      await server.call(authCalls.sendValidCode, { phone: '12345', areaCode: '44' }),
      'phoneFormat',
    );
    expectRefusal(
      await callLoose(authCalls.sendValidCode, { phone: mainlandPhone() }),
      'requiredItems',
    );
    expectRefusal(await callLoose(authCalls.sendValidCode, { areaCode: '86' }), 'requiredItems');
    expect(server.outbox()).toHaveLength(before);
  });
});

// --- forgetUserPassword --------------------------------------------------------------------------

describe('forgetUserPassword', () => {
  it('resets the password by email, revoking every session', async () => {
    const { email, token } = await server.register();
    const second = await login(email, GOOD_PASSWORD);
    expect(second.status).toBe(1);
    const otherToken = (second.data as { token: string }).token;

    waitForResend();
    const code = await emailCode(email);
    const answer = await reset(email, code, 'Renewed2026');
    expect(answer).toEqual({
      status: 1,
      code: 'operation',
      enMsg: 'Operation successful',
      cnMsg: expect.any(String),
      data: null,
    });

    expect(await tokenWorks(token)).toBe(false);
    expect(await tokenWorks(otherToken)).toBe(false);
    expectRefusal(await login(email, GOOD_PASSWORD), 'loginFailed');
    const fresh = await login(email, 'Renewed2026');
    expect(fresh.status).toBe(1);
    expect(await tokenWorks((fresh.data as { token: string }).token)).toBe(true);
  });

  it('resets the password of a phone account', async () => {
    const phone = mainlandPhone();
    await server.call(authCalls.sendValidCode, { phone, areaCode: '86' });
    const registered = await callLoose(userCalls.register, {
      account: phone,
      areaCode: '86',
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
      code: server.lastCode(`+86 ${phone}`),
    });
    expect(registered.status).toBe(1);

    waitForResend();
    await server.call(authCalls.sendValidCode, { phone, areaCode: '86' });
    const code = server.lastCode(`+86 ${phone}`);
    expect((await reset(phone, code, 'Renewed2026', { areaCode: '86' })).status).toBe(1);
    expect(await tokenWorks((registered.data as { token: string }).token)).toBe(false);
    expect((await login(phone, 'Renewed2026', { areaCode: '86' })).status).toBe(1);
    expectRefusal(await login(phone, GOOD_PASSWORD, { areaCode: '86' }), 'loginFailed');
  });

  it('refuses an unknown account with accountNotFound, only after a valid code', async () => {
    const email = uniqueEmail();
    const code = await emailCode(email);
    expectRefusal(await reset(email, otherCode(code), 'Renewed2026'), 'codeInvalid');
    expectRefusal(await reset(email, code, 'Renewed2026'), 'accountNotFound');
    // Nothing was created.
    expectRefusal(await login(email, 'Renewed2026'), 'loginFailed');
  });

  it('refuses a wrong code and keeps the password and the sessions', async () => {
    const { email, token } = await server.register();
    waitForResend();
    const code = await emailCode(email);
    expectRefusal(await reset(email, otherCode(code), 'Renewed2026'), 'codeInvalid');
    expect(await tokenWorks(token)).toBe(true);
    expect((await login(email, GOOD_PASSWORD)).status).toBe(1);
    expectRefusal(await login(email, 'Renewed2026'), 'loginFailed');
  });

  it('refuses the code already spent on registering', async () => {
    const email = uniqueEmail();
    const code = await emailCode(email);
    const registered = await callLoose(userCalls.register, {
      account: email,
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
      code,
    });
    expect(registered.status).toBe(1);
    expectRefusal(await reset(email, code, 'Renewed2026'), 'codeInvalid');
    expect((await login(email, GOOD_PASSWORD)).status).toBe(1);
  });

  it('refuses an expired code', async () => {
    const { email, token } = await server.register();
    waitForResend();
    const code = await emailCode(email);
    server.clock.advance(5 * 60_000 + 1);
    expectRefusal(await reset(email, code, 'Renewed2026'), 'codeExpired');
    expect(await tokenWorks(token)).toBe(true);
    expect((await login(email, GOOD_PASSWORD)).status).toBe(1);
  });

  it.each([
    ['too short', 'Ab1'],
    ['without an uppercase letter', 'renewed2026'],
    ['without a digit', 'RenewedPass'],
    ['of 33 characters', `R2${'x'.repeat(31)}`],
  ])('refuses a new password %s with passwordRule, spending no code', async (_l, password) => {
    const { email, token } = await server.register();
    waitForResend();
    const code = await emailCode(email);
    expectRefusal(await reset(email, code, password), 'passwordRule');
    expect(await tokenWorks(token)).toBe(true);
    expect((await login(email, GOOD_PASSWORD)).status).toBe(1);
    // The code is still good for a valid password.
    expect((await reset(email, code, 'Renewed2026')).status).toBe(1);
  });

  it('refuses a mismatched confirmation and missing fields', async () => {
    const { email, token } = await server.register();
    waitForResend();
    const code = await emailCode(email);
    expectRefusal(
      await reset(email, code, 'Renewed2026', { confirmPassword: 'Renewed2027' }),
      'passwordMismatch',
    );
    expectRefusal(
      await callLoose(authCalls.forgetUserPassword, { account: email, password: 'Renewed2026' }),
      'requiredItems',
    );
    expectRefusal(
      await callLoose(authCalls.forgetUserPassword, { account: email, code }),
      'requiredItems',
    );
    expectRefusal(
      await callLoose(authCalls.forgetUserPassword, { code, password: 'Renewed2026' }),
      'requiredItems',
    );
    expectRefusal(await reset('nope@', code, 'Renewed2026'), 'emailFormat');
    expectRefusal(await reset(mainlandPhone(), code, 'Renewed2026'), 'requiredItems');
    expect(await tokenWorks(token)).toBe(true);
    // Without confirmPassword the reset goes through.
    const answer = await callLoose(authCalls.forgetUserPassword, {
      account: email,
      code,
      password: 'Renewed2026',
    });
    expect(answer.status).toBe(1);
    expect((await login(email, 'Renewed2026')).status).toBe(1);
  });

  it('clears the failed logins, so no captcha is asked for after a reset', async () => {
    const { email } = await server.register();
    for (let i = 0; i < 3; i++) await login(email, 'Wrong2026');
    expectRefusal(await login(email, GOOD_PASSWORD), 'captchaRequired', CAPTCHA);
    waitForResend();
    const code = await emailCode(email);
    expect((await reset(email, code, 'Renewed2026')).status).toBe(1);
    expect((await login(email, 'Renewed2026')).status).toBe(1);
  });
});
