import { authCalls, userCalls, type CallDef } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/secrets';
import { CAPTCHA, expectOk, expectRefusal, otherCode } from '../../test/envelopes';
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

// --- helpers -------------------------------------------------------------------------------------

/** Calls with an input the contract's types would refuse (missing or malformed fields). */
function callLoose(def: CallDef, input: Record<string, unknown>, token?: string) {
  return server.call(def, input as never, { token });
}

let phoneCounter = 0;
/** A fresh mainland mobile: 1380013xxxx. */
function mainlandPhone(): string {
  phoneCounter += 1;
  return `1380013${String(phoneCounter).padStart(4, '0')}`;
}
/** A fresh UK mobile (national number without the trunk 0): 7400xxxxxx. */
function ukPhone(): string {
  phoneCounter += 1;
  return `7400${String(100_000 + phoneCounter)}`;
}

async function emailCode(email: string): Promise<string> {
  const sent = await server.call(authCalls.sendMailValidCode, { email });
  expect(sent.status).toBe(1);
  return server.lastCode(email.toLowerCase());
}

async function phoneCode(areaCode: string, phone: string): Promise<string> {
  const sent = await server.call(authCalls.sendValidCode, { phone, areaCode });
  expect(sent.status).toBe(1);
  return server.lastCode(`+${areaCode} ${phone}`);
}

function registerWith(account: string, code: string, extra: Record<string, string> = {}) {
  return callLoose(userCalls.register, {
    account,
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
    code,
    ...extra,
  });
}

function login(account: string, password = GOOD_PASSWORD, extra: Record<string, string> = {}) {
  return callLoose(userCalls.login, { account, password, ...extra });
}

async function expectNoAccount(account: string, areaCode?: string): Promise<void> {
  const answer = await login(account, GOOD_PASSWORD, areaCode ? { areaCode } : {});
  expectRefusal(answer, 'loginFailed');
}

async function profileOf(token: string) {
  const info = await server.call(userCalls.findUserInfo, {}, { token });
  return expectOk(info);
}

/** Lets another code be sent to an address that got one less than a minute ago. */
function waitForResend(): void {
  server.clock.advance(60_000);
}

// --- register ------------------------------------------------------------------------------------

describe('register by email', () => {
  it('registers with the code from the outbox, then logs in and reads the profile', async () => {
    const email = uniqueEmail();
    const { token } = await server.register(email);
    expect(token.length).toBeGreaterThanOrEqual(43);

    const login = await server.call(userCalls.login, { account: email, password: GOOD_PASSWORD });
    expect(login.status).toBe(1);

    const info = await server.call(userCalls.findUserInfo, {}, { token: login.data.token });
    expect(info.status).toBe(1);
    expect(info.data).toMatchObject({
      email,
      phone: null,
      verifyLevel: 0,
      memberTier: 'ordinary',
      mode: 'demo',
      hasPayPassword: false,
    });
    expect(info.data.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('refuses a wrong code and leaves no account behind', async () => {
    const email = uniqueEmail();
    await server.call(authCalls.sendMailValidCode, { email });
    const wrong = server.lastCode(email) === '000000' ? '111111' : '000000';
    const answer = await server.call(userCalls.register, {
      account: email,
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
      code: wrong,
    });
    expect(answer).toMatchObject({
      status: '400',
      enMsg: 'Incorrect verification code',
      code: 'codeInvalid',
    });
    const login = await server.call(userCalls.login, { account: email, password: GOOD_PASSWORD });
    expect(login.enMsg).toBe('Login failed, please log in again');
  });

  it('answers the token in a success envelope and starts with a masked nickname', async () => {
    const email = uniqueEmail('seaotter');
    const code = await emailCode(email);
    const answer = await registerWith(email, code);
    const { token } = expectOk(answer) as { token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await profileOf(token);
    expect(info.nickname).toBe(`se***@example.com`);
    expect(info.email).toBe(email);
  });

  it('treats the email case-insensitively and stores it in lower case', async () => {
    const email = uniqueEmail();
    const shouted = email.toUpperCase().replace('@EXAMPLE.COM', '@Example.COM');
    const code = await emailCode(shouted);
    const { token } = expectOk(await registerWith(shouted, code)) as { token: string };
    expect((await profileOf(token)).email).toBe(email);
    expect((await login(email)).status).toBe(1);
    expect((await login(shouted)).status).toBe(1);
  });

  it('accepts a password of exactly 32 characters', async () => {
    const email = uniqueEmail();
    const password = `A1${'x'.repeat(30)}`;
    const code = await emailCode(email);
    const answer = await registerWith(email, code, { password, confirmPassword: password });
    expect(answer.status).toBe(1);
    expect((await login(email, password)).status).toBe(1);
  });

  it('refuses a duplicate account with 409 only after a valid code, leaving the first as it was', async () => {
    const email = uniqueEmail();
    const first = await server.register(email);
    waitForResend();
    const code = await emailCode(email);

    // A wrong code says nothing about the account.
    expectRefusal(
      await registerWith(email, otherCode(code), {
        password: 'Another2026',
        confirmPassword: 'Another2026',
      }),
      'codeInvalid',
    );
    const duplicate = await registerWith(email, code, {
      password: 'Another2026',
      confirmPassword: 'Another2026',
    });
    expectRefusal(duplicate, 'accountExists');

    // The first account, its password and its session are untouched.
    expect((await profileOf(first.token)).email).toBe(email);
    expect((await login(email, GOOD_PASSWORD)).status).toBe(1);
    expectRefusal(await login(email, 'Another2026'), 'loginFailed');
  });

  it('refuses an expired code, then accepts a fresh one', async () => {
    const email = uniqueEmail();
    const code = await emailCode(email);
    server.clock.advance(5 * 60_000 + 1);
    expectRefusal(await registerWith(email, code), 'codeExpired');
    await expectNoAccount(email);

    const fresh = await emailCode(email);
    expect((await registerWith(email, fresh)).status).toBe(1);
  });

  it('accepts a code just before it expires', async () => {
    const email = uniqueEmail();
    const code = await emailCode(email);
    server.clock.advance(5 * 60_000 - 2_000);
    expect((await registerWith(email, code)).status).toBe(1);
  });

  it('refuses a code used twice', async () => {
    const email = uniqueEmail();
    const code = await emailCode(email);
    expect((await registerWith(email, code)).status).toBe(1);
    // Used up: the second attempt is a wrong code, not "already registered".
    expectRefusal(
      await registerWith(email, code, {
        password: 'Another2026',
        confirmPassword: 'Another2026',
      }),
      'codeInvalid',
    );
    expectRefusal(await login(email, 'Another2026'), 'loginFailed');
    expect((await login(email)).status).toBe(1);
  });

  it('refuses a code sent to another address', async () => {
    const mine = uniqueEmail();
    const theirs = uniqueEmail();
    const code = await emailCode(theirs);
    expectRefusal(await registerWith(mine, code), 'codeInvalid');
    await expectNoAccount(mine);
    // The owner's code is still good (a refusal on another address spends nothing of it).
    expect((await registerWith(theirs, code)).status).toBe(1);
  });

  it('refuses a register without any code sent', async () => {
    const email = uniqueEmail();
    expectRefusal(await registerWith(email, '123456'), 'codeInvalid');
    await expectNoAccount(email);
  });

  it('exhausts a code after 5 wrong tries: then even the right code is refused', async () => {
    const email = uniqueEmail();
    const code = await emailCode(email);
    const wrong = otherCode(code);
    for (let i = 0; i < 5; i++) {
      expectRefusal(await registerWith(email, wrong), 'codeInvalid');
    }
    expectRefusal(await registerWith(email, code), 'codeAttemptsExceeded');
    expectRefusal(await registerWith(email, code), 'codeAttemptsExceeded');
    await expectNoAccount(email);

    waitForResend();
    const fresh = await emailCode(email);
    expect((await registerWith(email, fresh)).status).toBe(1);
  });

  it('still takes the right code after 4 wrong tries', async () => {
    const email = uniqueEmail();
    const code = await emailCode(email);
    for (let i = 0; i < 4; i++) {
      expectRefusal(await registerWith(email, otherCode(code)), 'codeInvalid');
    }
    expect((await registerWith(email, code)).status).toBe(1);
  });

  it('checks only the newest code sent to an address', async () => {
    const email = uniqueEmail();
    const older = await emailCode(email);
    waitForResend();
    const newer = await emailCode(email);
    if (older !== newer) expectRefusal(await registerWith(email, older), 'codeInvalid');
    expect((await registerWith(email, newer)).status).toBe(1);
  });

  it.each([
    ['too short', 'Ab1cd'],
    ['without an uppercase letter', 'harbour2026'],
    ['without a digit', 'Harbourless'],
    ['of 33 characters', `A1${'x'.repeat(31)}`],
    ['with a space', 'Harbour 2026'],
    ['with a non-ASCII letter', 'Härbour2026'],
  ])('refuses a password %s with passwordRule and spends no code', async (_label, password) => {
    const email = uniqueEmail();
    const code = await emailCode(email);
    expectRefusal(
      await registerWith(email, code, { password, confirmPassword: password }),
      'passwordRule',
    );
    await expectNoAccount(email);
    expect((await registerWith(email, code)).status).toBe(1);
  });

  it('refuses a mismatched confirmPassword with passwordMismatch', async () => {
    const email = uniqueEmail();
    const code = await emailCode(email);
    expectRefusal(
      await registerWith(email, code, { confirmPassword: `${GOOD_PASSWORD}x` }),
      'passwordMismatch',
    );
    await expectNoAccount(email);
    expect((await registerWith(email, code)).status).toBe(1);
  });

  it.each(['account', 'password', 'confirmPassword', 'code'])(
    'refuses a register without %s with requiredItems',
    async (field) => {
      const email = uniqueEmail();
      const code = await emailCode(email);
      const input: Record<string, string> = {
        account: email,
        password: GOOD_PASSWORD,
        confirmPassword: GOOD_PASSWORD,
        code,
      };
      delete input[field];
      expectRefusal(await callLoose(userCalls.register, input), 'requiredItems');
      expectRefusal(
        await callLoose(userCalls.register, { ...input, [field]: '   ' }),
        'requiredItems',
      );
      await expectNoAccount(email);
    },
  );

  it('refuses an empty register with requiredItems', async () => {
    expectRefusal(await callLoose(userCalls.register, {}), 'requiredItems');
  });

  it.each(['trader@', 'trader@example', 'a b@example.com', 'trader@@example.com', '@example.com'])(
    'refuses the email %j with emailFormat',
    async (account) => {
      expectRefusal(await registerWith(account, '123456'), 'emailFormat');
      expectRefusal(await login(account), 'emailFormat');
    },
  );

  it('refuses a code that is not six digits with codeInvalid', async () => {
    const email = uniqueEmail();
    const code = await emailCode(email);
    expectRefusal(await registerWith(email, 'abcdef'), 'codeInvalid');
    expectRefusal(await registerWith(email, code.slice(0, 5)), 'codeInvalid');
    // Malformed codes are not counted as guesses.
    expect((await registerWith(email, code)).status).toBe(1);
  });
});

describe('register by phone', () => {
  it('registers a mainland mobile (areaCode 86) and logs in with it', async () => {
    const phone = mainlandPhone();
    const code = await phoneCode('86', phone);
    const message = server.outbox().at(-1)!;
    expect(message).toMatchObject({ channel: 'sms', to: `+86 ${phone}`, code });

    const answer = await registerWith(phone, code, { areaCode: '86' });
    const { token } = expectOk(answer) as { token: string };
    expect(await profileOf(token)).toMatchObject({
      email: null,
      phone,
      areaCode: '86',
      nickname: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
    });

    expect((await login(phone, GOOD_PASSWORD, { areaCode: '86' })).status).toBe(1);
    expect((await login(phone, GOOD_PASSWORD, { areaCode: '+86' })).status).toBe(1);
    expectRefusal(await login(phone, 'Wrong2026', { areaCode: '86' }), 'loginFailed');
  });

  it('accepts "+86" as the area code when registering', async () => {
    const phone = mainlandPhone();
    const code = await phoneCode('86', phone);
    const { token } = expectOk(await registerWith(phone, code, { areaCode: '+86' })) as {
      token: string;
    };
    expect((await profileOf(token)).areaCode).toBe('86');
  });

  it('treats a number with or without its trunk prefix as one phone', async () => {
    const phone = ukPhone();
    // The code goes to the national number, however it was typed.
    await server.call(authCalls.sendValidCode, { phone: `0${phone}`, areaCode: '44' });
    const code = server.lastCode(`+44 ${phone}`);
    const { token } = expectOk(await registerWith(`0${phone}`, code, { areaCode: '44' })) as {
      token: string;
    };
    expect((await profileOf(token)).phone).toBe(phone);
    expect((await login(phone, GOOD_PASSWORD, { areaCode: '44' })).status).toBe(1);
    expect((await login(`0${phone}`, GOOD_PASSWORD, { areaCode: '44' })).status).toBe(1);
    waitForResend();
    const again = await phoneCode('44', phone);
    expectRefusal(await registerWith(phone, again, { areaCode: '44' }), 'accountExists');
  });

  it('registers a UK mobile (areaCode 44)', async () => {
    const phone = ukPhone();
    const code = await phoneCode('44', phone);
    const { token } = expectOk(await registerWith(phone, code, { areaCode: '44' })) as {
      token: string;
    };
    expect(await profileOf(token)).toMatchObject({ email: null, phone, areaCode: '44' });
    expect((await login(phone, GOOD_PASSWORD, { areaCode: '44' })).status).toBe(1);
    // The same digits under another dialling code are not this account.
    expectRefusal(await login(phone, GOOD_PASSWORD, { areaCode: '1' }), 'phoneFormat');
  });

  it('registers the fixed example numbers 13800138000 (+86) and 7400123456 (+44)', async () => {
    for (const [areaCode, phone] of [
      ['86', '13800138000'],
      ['44', '7400123456'],
    ] as const) {
      const code = await phoneCode(areaCode, phone);
      expect((await registerWith(phone, code, { areaCode })).status).toBe(1);
      expect((await login(phone, GOOD_PASSWORD, { areaCode })).status).toBe(1);
    }
  });

  it('refuses a duplicate phone with 409 only after a valid code', async () => {
    const phone = mainlandPhone();
    const code = await phoneCode('86', phone);
    expect((await registerWith(phone, code, { areaCode: '86' })).status).toBe(1);
    waitForResend();
    const second = await phoneCode('86', phone);
    expectRefusal(await registerWith(phone, otherCode(second), { areaCode: '86' }), 'codeInvalid');
    expectRefusal(
      await registerWith(phone, second, {
        areaCode: '86',
        password: 'Another2026',
        confirmPassword: 'Another2026',
      }),
      'accountExists',
    );
    expect((await login(phone, GOOD_PASSWORD, { areaCode: '86' })).status).toBe(1);
    expectRefusal(await login(phone, 'Another2026', { areaCode: '86' }), 'loginFailed');
  });

  it('refuses a phone without areaCode with requiredItems', async () => {
    const phone = mainlandPhone();
    const code = await phoneCode('86', phone);
    expectRefusal(await registerWith(phone, code), 'requiredItems');
    expectRefusal(await login(phone), 'requiredItems');
    expectRefusal(await callLoose(authCalls.sendValidCode, { phone }), 'requiredItems');
    await expectNoAccount(phone, '86');
  });

  it.each([
    ['86', '23800138000'],
    ['86', '1380013800'],
    ['86', '138001380001'],
    ['86', '12800138000'],
    ['44', '12345'],
    ['44', '740012345678'],
    ['86', '1380013800a'],
    ['abc', '13800138000'],
    ['12345', '13800138000'],
  ])('refuses areaCode %s with phone %s with phoneFormat', async (areaCode, phone) => {
    const before = server.outbox().length;
    expectRefusal(await callLoose(authCalls.sendValidCode, { phone, areaCode }), 'phoneFormat');
    expect(server.outbox()).toHaveLength(before);
    expectRefusal(await registerWith(phone, '123456', { areaCode }), 'phoneFormat');
    expectRefusal(await login(phone, GOOD_PASSWORD, { areaCode }), 'phoneFormat');
  });

  it("refuses an email code or another number's code for a phone account", async () => {
    const phone = mainlandPhone();
    const email = uniqueEmail();
    const mailed = await emailCode(email);
    expectRefusal(await registerWith(phone, mailed, { areaCode: '86' }), 'codeInvalid');
    const other = mainlandPhone();
    const texted = await phoneCode('86', other);
    expectRefusal(await registerWith(phone, texted, { areaCode: '86' }), 'codeInvalid');
    await expectNoAccount(phone, '86');
    // Neither refusal spent the owners' codes.
    expect((await registerWith(email, mailed)).status).toBe(1);
    expect((await registerWith(other, texted, { areaCode: '86' })).status).toBe(1);
  });
});

describe('invite codes', () => {
  it('accepts a valid invite code (in any case) and links the inviter', async () => {
    const inviter = await server.register();
    const { inviteCode, id: inviterId } = await profileOf(inviter.token);

    const email = uniqueEmail();
    const code = await emailCode(email);
    const answer = await registerWith(email, code, { inviteCode: inviteCode.toLowerCase() });
    const { token } = expectOk(answer) as { token: string };
    const invitee = await profileOf(token);
    expect(invitee.inviteCode).not.toBe(inviteCode);

    const row = await server.app.db
      .selectFrom('users')
      .select('inviter_id')
      .where('id', '=', BigInt(invitee.id))
      .executeTakeFirstOrThrow();
    expect(Number(row.inviter_id)).toBe(inviterId);
  });

  it('registers without an inviter when the invite code is blank', async () => {
    const email = uniqueEmail();
    const code = await emailCode(email);
    const { token } = expectOk(await registerWith(email, code, { inviteCode: '' })) as {
      token: string;
    };
    const row = await server.app.db
      .selectFrom('users')
      .select('inviter_id')
      .where('id', '=', BigInt((await profileOf(token)).id))
      .executeTakeFirstOrThrow();
    expect(row.inviter_id).toBeNull();
  });

  it('refuses an unknown invite code with inviteCodeInvalid and creates nothing', async () => {
    const email = uniqueEmail();
    const code = await emailCode(email);
    expectRefusal(await registerWith(email, code, { inviteCode: 'ZZZZ2222' }), 'inviteCodeInvalid');
    await expectNoAccount(email);
    // The code was not spent by the refusal.
    expect((await registerWith(email, code)).status).toBe(1);
  });
});

// --- login ---------------------------------------------------------------------------------------

describe('login', () => {
  it('logs in by email, in any case, with a new token each time; each token works', async () => {
    const { email, token } = await server.register();
    const first = await login(email.toUpperCase());
    const second = await login(email);
    const a = (expectOk(first) as { token: string }).token;
    const b = (expectOk(second) as { token: string }).token;
    expect(new Set([token, a, b]).size).toBe(3);
    for (const t of [token, a, b]) expect((await profileOf(t)).email).toBe(email);
  });

  it('answers an unknown account and a wrong password alike', async () => {
    const { email } = await server.register();
    const unknown = await login(uniqueEmail());
    const wrong = await login(email, 'Wrong2026');
    expectRefusal(unknown, 'loginFailed');
    expectRefusal(wrong, 'loginFailed');
    expect(unknown).toEqual(wrong);
    // The right password still works.
    expect((await login(email)).status).toBe(1);
  });

  it('checks an old password shape only for presence', async () => {
    const { email } = await server.register();
    expectRefusal(await login(email, 'short'), 'loginFailed');
    expectRefusal(await login(email, ''), 'requiredItems');
    expectRefusal(await callLoose(userCalls.login, { account: email }), 'requiredItems');
    expectRefusal(await callLoose(userCalls.login, { password: GOOD_PASSWORD }), 'requiredItems');
  });

  it('asks for the captcha after 3 failures, refuses a wrong one, and accepts the right one', async () => {
    const { email } = await server.register();
    for (let i = 0; i < 2; i++) expectRefusal(await login(email, 'Wrong2026'), 'loginFailed');
    // The third failure says that the next attempt needs the image code.
    expectRefusal(await login(email, 'Wrong2026'), 'loginFailedCaptcha', CAPTCHA);

    // Even the right password now needs the image code.
    expectRefusal(await login(email), 'captchaRequired', CAPTCHA);
    const timestamp = String(server.clock.now());
    expectRefusal(await login(email, GOOD_PASSWORD, { timestamp }), 'captchaRequired', CAPTCHA);
    expectRefusal(
      await login(email, GOOD_PASSWORD, { verifyCode: 'abcd' }),
      'captchaRequired',
      CAPTCHA,
    );

    // A captcha that was never drawn.
    expectRefusal(
      await login(email, GOOD_PASSWORD, { timestamp, verifyCode: 'abcd' }),
      'captchaWrong',
      CAPTCHA,
    );

    // A drawn image, answered wrongly (its text never contains '0', 'o', '1', 'i' or 'l').
    const image = await server.fetch(`/common/getVerify?timestamp=${timestamp}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await image.text()).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expectRefusal(
      await login(email, GOOD_PASSWORD, { timestamp, verifyCode: '0o1l' }),
      'captchaWrong',
      CAPTCHA,
    );

    // The answer is stored only as a hash, so a test cannot read it from the image; give a drawn
    // image a known answer instead, through the database.
    const drawn = String(server.clock.now() + 1);
    expect((await server.fetch(`/common/getVerify?timestamp=${drawn}`)).status).toBe(200);
    await server.app.db
      .updateTable('captchas')
      .set({ answer_hash: sha256(`${drawn}|abcd`) })
      .where('challenge', '=', drawn)
      .execute();
    // Right captcha, wrong password: still a failed login, and the image is spent.
    expectRefusal(
      await login(email, 'Wrong2026', { timestamp: drawn, verifyCode: 'ABCD' }),
      'loginFailedCaptcha',
      CAPTCHA,
    );
    expectRefusal(
      await login(email, GOOD_PASSWORD, { timestamp: drawn, verifyCode: 'ABCD' }),
      'captchaWrong',
      CAPTCHA,
    );

    const again = String(server.clock.now() + 2);
    expect((await server.fetch(`/common/getVerify?timestamp=${again}`)).status).toBe(200);
    await server.app.db
      .updateTable('captchas')
      .set({ answer_hash: sha256(`${again}|wxyz`) })
      .where('challenge', '=', again)
      .execute();
    const ok = await login(email, GOOD_PASSWORD, { timestamp: again, verifyCode: ' WxYz ' });
    expect(ok.status).toBe(1);
    // A success forgets the failures: no captcha next time.
    expect((await login(email)).status).toBe(1);
  });

  it('counts failures per account: another account logs in without a captcha', async () => {
    const victim = await server.register();
    const bystander = await server.register();
    for (let i = 0; i < 3; i++) await login(victim.email, 'Wrong2026');
    expectRefusal(await login(victim.email), 'captchaRequired', CAPTCHA);
    expect((await login(bystander.email)).status).toBe(1);
    // Failures of an unknown account count too, and answer as a known one's do.
    const ghost = uniqueEmail();
    for (let i = 0; i < 2; i++) expectRefusal(await login(ghost), 'loginFailed');
    expectRefusal(await login(ghost), 'loginFailedCaptcha', CAPTCHA);
    expectRefusal(await login(ghost), 'captchaRequired', CAPTCHA);
  });

  it('forgets failures older than 15 minutes', async () => {
    const { email } = await server.register();
    for (let i = 0; i < 3; i++) await login(email, 'Wrong2026');
    expectRefusal(await login(email), 'captchaRequired', CAPTCHA);
    server.clock.advance(15 * 60_000 + 1);
    expect((await login(email)).status).toBe(1);
  });

  it('refuses a frozen account with 403 and ends its sessions', async () => {
    const { email, token } = await server.register();
    await server.app.db
      .updateTable('users')
      .set({ status: 'frozen' })
      .where('email', '=', email)
      .execute();
    expectRefusal(await login(email), 'accountFrozen');
    expectRefusal(await server.call(userCalls.findUserInfo, {}, { token }), 'sessionExpired');
    // A wrong password on a frozen account reveals nothing.
    expectRefusal(await login(email, 'Wrong2026'), 'loginFailed');
  });
});

// --- profile -------------------------------------------------------------------------------------

describe('findUserInfo', () => {
  it('answers every field with its type', async () => {
    const before = server.clock.now();
    const { email, token } = await server.register();
    const info = await profileOf(token);
    expect(Object.keys(info).sort()).toEqual(
      [
        'areaCode',
        'createdAt',
        'email',
        'hasPayPassword',
        'id',
        'inviteCode',
        'memberTier',
        'mode',
        'nickname',
        'phone',
        'verifyLevel',
      ].sort(),
    );
    expect(info).toEqual({
      id: expect.any(Number),
      nickname: expect.stringMatching(/^tr\*\*\*@example\.com$/),
      email,
      phone: null,
      areaCode: null,
      inviteCode: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
      verifyLevel: 0,
      memberTier: 'ordinary',
      mode: 'demo',
      hasPayPassword: false,
      createdAt: expect.any(Number),
    });
    expect(Number.isInteger(info.id)).toBe(true);
    expect(info.createdAt).toBeGreaterThanOrEqual(before);
    expect(info.createdAt).toBeLessThanOrEqual(server.clock.now());
  });

  it('answers each user their own profile', async () => {
    const a = await server.register();
    const b = await server.register();
    const infoA = await profileOf(a.token);
    const infoB = await profileOf(b.token);
    expect(infoA.email).toBe(a.email);
    expect(infoB.email).toBe(b.email);
    expect(infoA.id).not.toBe(infoB.id);
    expect(infoA.inviteCode).not.toBe(infoB.inviteCode);
  });
});

describe('calls that need a token', () => {
  const needToken: [string, CallDef, Record<string, string>][] = [
    ['logout', userCalls.logout, {}],
    ['findUserInfo', userCalls.findUserInfo, {}],
    ['updateUser', userCalls.updateUser, { nickname: 'Gull' }],
    [
      'updateUserPassword',
      userCalls.updateUserPassword,
      { oldPassword: GOOD_PASSWORD, newPassword: 'Newer2026' },
    ],
    ['updatePayPwd', userCalls.updatePayPwd, { payPassword: '123456' }],
    ['switchUser', userCalls.switchUser, { mode: 'real' }],
  ];

  it.each(needToken)('%s without a token: 401 notLoggedIn', async (_name, def, input) => {
    expectRefusal(await callLoose(def, input), 'notLoggedIn');
  });

  it.each(needToken)('%s with a garbage token: 401 sessionExpired', async (_name, def, input) => {
    expectRefusal(await callLoose(def, input, 'garbage-token'), 'sessionExpired');
    expectRefusal(await callLoose(def, input, 'x'.repeat(500)), 'sessionExpired');
  });

  it('refuses before validating: a bad input without a token is still notLoggedIn', async () => {
    expectRefusal(await callLoose(userCalls.switchUser, { mode: 'paper' }), 'notLoggedIn');
  });
});

describe('updateUser', () => {
  it('changes the nickname (trimmed) and answers the new profile', async () => {
    const { token } = await server.register();
    const answer = await server.call(
      userCalls.updateUser,
      { nickname: '  Sea Otter  ' },
      { token },
    );
    expect(expectOk(answer)).toMatchObject({ nickname: 'Sea Otter' });
    expect((await profileOf(token)).nickname).toBe('Sea Otter');
  });

  it('counts nickname length in characters: 20 are fine, 21 are refused with nicknameRule', async () => {
    const { token } = await server.register();
    const twenty = '海'.repeat(19) + '🐳';
    expect(
      expectOk(await server.call(userCalls.updateUser, { nickname: twenty }, { token })),
    ).toMatchObject({
      nickname: twenty,
    });
    const answer = await server.call(userCalls.updateUser, { nickname: 'n'.repeat(21) }, { token });
    expectRefusal(answer, 'nicknameRule');
    expectRefusal(
      await server.call(userCalls.updateUser, { nickname: '海'.repeat(21) }, { token }),
      'nicknameRule',
    );
    expect((await profileOf(token)).nickname).toBe(twenty);
  });

  it('refuses a blank or missing nickname with requiredItems', async () => {
    const { token } = await server.register();
    const before = (await profileOf(token)).nickname;
    expectRefusal(
      await server.call(userCalls.updateUser, { nickname: '   ' }, { token }),
      'requiredItems',
    );
    expectRefusal(await callLoose(userCalls.updateUser, {}, token), 'requiredItems');
    expect((await profileOf(token)).nickname).toBe(before);
  });

  it('changes the email with a code sent to the new address', async () => {
    const { email, token } = await server.register();
    const next = uniqueEmail('moved');
    const code = await emailCode(next);

    expectRefusal(
      await server.call(userCalls.updateUser, { email: next, code: otherCode(code) }, { token }),
      'codeInvalid',
    );
    expect((await profileOf(token)).email).toBe(email);

    const answer = await server.call(userCalls.updateUser, { email: next, code }, { token });
    expect(expectOk(answer)).toMatchObject({ email: next });
    expect((await profileOf(token)).email).toBe(next);
    expect((await login(next)).status).toBe(1);
    expectRefusal(await login(email), 'loginFailed');
  });

  it('refuses a code sent to the current email for a new one', async () => {
    const { email, token } = await server.register();
    waitForResend();
    const code = await emailCode(email);
    const next = uniqueEmail();
    expectRefusal(
      await server.call(userCalls.updateUser, { email: next, code }, { token }),
      'codeInvalid',
    );
    expect((await profileOf(token)).email).toBe(email);
  });

  it('refuses an email another account uses with 409, only after a valid code', async () => {
    const other = await server.register();
    const { email, token } = await server.register();
    waitForResend();
    const code = await emailCode(other.email);
    expectRefusal(
      await server.call(
        userCalls.updateUser,
        { email: other.email, code: otherCode(code) },
        { token },
      ),
      'codeInvalid',
    );
    expectRefusal(
      await server.call(userCalls.updateUser, { email: other.email, code }, { token }),
      'accountExists',
    );
    expect((await profileOf(token)).email).toBe(email);
    expect((await profileOf(other.token)).email).toBe(other.email);
    expect((await login(other.email)).status).toBe(1);
  });

  it('refuses a malformed email or a missing code', async () => {
    const { email, token } = await server.register();
    expectRefusal(
      await server.call(userCalls.updateUser, { email: 'nope@', code: '123456' }, { token }),
      'emailFormat',
    );
    expectRefusal(
      await callLoose(userCalls.updateUser, { email: uniqueEmail() }, token),
      'requiredItems',
    );
    expect((await profileOf(token)).email).toBe(email);
  });

  it('adds a phone to an email account with a code sent to it', async () => {
    const { email, token } = await server.register();
    const phone = mainlandPhone();
    const code = await phoneCode('86', phone);
    const answer = await server.call(
      userCalls.updateUser,
      { phone, areaCode: '86', code },
      { token },
    );
    expect(expectOk(answer)).toMatchObject({ email, phone, areaCode: '86' });
    expect((await login(phone, GOOD_PASSWORD, { areaCode: '86' })).status).toBe(1);
    expect((await login(email)).status).toBe(1);
  });

  it('changes a UK phone to a mainland one', async () => {
    const uk = ukPhone();
    const code = await phoneCode('44', uk);
    const { token } = expectOk(await registerWith(uk, code, { areaCode: '44' })) as {
      token: string;
    };
    const phone = mainlandPhone();
    const newCode = await phoneCode('86', phone);
    const answer = await server.call(
      userCalls.updateUser,
      { phone, areaCode: '86', code: newCode },
      { token },
    );
    expect(expectOk(answer)).toMatchObject({ phone, areaCode: '86', email: null });
    expect((await login(phone, GOOD_PASSWORD, { areaCode: '86' })).status).toBe(1);
    await expectNoAccount(uk, '44');
  });

  it('refuses a phone change without areaCode, with a bad number, or to a used number', async () => {
    const owner = mainlandPhone();
    const ownerCode = await phoneCode('86', owner);
    expect((await registerWith(owner, ownerCode, { areaCode: '86' })).status).toBe(1);

    const { token } = await server.register();
    expectRefusal(
      await callLoose(userCalls.updateUser, { phone: mainlandPhone(), code: '123456' }, token),
      'requiredItems',
    );
    expectRefusal(
      await server.call(
        userCalls.updateUser,
        { phone: '23800138000', areaCode: '86', code: '123456' },
        { token },
      ),
      'phoneFormat',
    );
    waitForResend();
    const code = await phoneCode('86', owner);
    expectRefusal(
      await server.call(userCalls.updateUser, { phone: owner, areaCode: '86', code }, { token }),
      'accountExists',
    );
    expect((await profileOf(token)).phone).toBeNull();
    expect((await login(owner, GOOD_PASSWORD, { areaCode: '86' })).status).toBe(1);
  });
});

describe('updateUserPassword', () => {
  it('refuses a wrong old password and keeps everything', async () => {
    const { email, token } = await server.register();
    const answer = await server.call(
      userCalls.updateUserPassword,
      { oldPassword: 'Wrong2026', newPassword: 'Newer2026', confirmPassword: 'Newer2026' },
      { token },
    );
    expectRefusal(answer, 'oldPasswordWrong');
    expect((await profileOf(token)).email).toBe(email);
    expect((await login(email)).status).toBe(1);
    expectRefusal(await login(email, 'Newer2026'), 'loginFailed');
  });

  it('refuses the same password as the old one', async () => {
    const { email, token } = await server.register();
    expectRefusal(
      await server.call(
        userCalls.updateUserPassword,
        { oldPassword: GOOD_PASSWORD, newPassword: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
        { token },
      ),
      'passwordSameAsOld',
    );
    expect((await profileOf(token)).email).toBe(email);
  });

  it('refuses a weak new password, a mismatched confirmation and missing fields', async () => {
    const { email, token } = await server.register();
    const change = (input: Record<string, string>) =>
      callLoose(userCalls.updateUserPassword, input, token);
    expectRefusal(
      await change({ oldPassword: GOOD_PASSWORD, newPassword: 'weakpass' }),
      'passwordRule',
    );
    expectRefusal(
      await change({
        oldPassword: GOOD_PASSWORD,
        newPassword: 'Newer2026',
        confirmPassword: 'Newer2027',
      }),
      'passwordMismatch',
    );
    expectRefusal(await change({ oldPassword: GOOD_PASSWORD }), 'requiredItems');
    expectRefusal(await change({ newPassword: 'Newer2026' }), 'requiredItems');
    expect((await profileOf(token)).email).toBe(email);
    expect((await login(email)).status).toBe(1);
  });

  it('changes the password and revokes every session', async () => {
    const { email, token } = await server.register();
    const other = (expectOk(await login(email)) as { token: string }).token;
    const answer = await server.call(
      userCalls.updateUserPassword,
      { oldPassword: GOOD_PASSWORD, newPassword: 'Newer2026', confirmPassword: 'Newer2026' },
      { token },
    );
    expect(answer).toMatchObject({ status: 1, data: null });

    expectRefusal(await server.call(userCalls.findUserInfo, {}, { token }), 'sessionExpired');
    expectRefusal(
      await server.call(userCalls.findUserInfo, {}, { token: other }),
      'sessionExpired',
    );
    expectRefusal(await login(email), 'loginFailed');
    const fresh = await login(email, 'Newer2026');
    expect(fresh.status).toBe(1);
    expect((await profileOf((fresh.data as { token: string }).token)).email).toBe(email);
  });

  it('accepts the change without confirmPassword', async () => {
    const { email, token } = await server.register();
    const answer = await server.call(
      userCalls.updateUserPassword,
      { oldPassword: GOOD_PASSWORD, newPassword: 'Newer2026' },
      { token },
    );
    expect(answer.status).toBe(1);
    expect((await login(email, 'Newer2026')).status).toBe(1);
  });
});

describe('updatePayPwd', () => {
  it('sets the pay password without an old one, then needs the old one to change it', async () => {
    const { token } = await server.register();
    expect((await profileOf(token)).hasPayPassword).toBe(false);

    const set = await server.call(
      userCalls.updatePayPwd,
      { payPassword: '123456', confirmPayPassword: '123456' },
      { token },
    );
    expect(set).toMatchObject({ status: 1, data: null });
    expect((await profileOf(token)).hasPayPassword).toBe(true);

    const change = (input: Record<string, string>) =>
      callLoose(userCalls.updatePayPwd, input, token);
    expectRefusal(await change({ payPassword: '654321' }), 'payPasswordEmpty');
    expectRefusal(await change({ payPassword: '654321', oldPayPassword: '' }), 'payPasswordEmpty');
    expectRefusal(
      await change({ payPassword: '654321', oldPayPassword: '000000' }),
      'payPasswordWrong',
    );
    // Nothing changed: the first pay password is still the one to give.
    expect((await change({ payPassword: '654321', oldPayPassword: '123456' })).status).toBe(1);
    expectRefusal(
      await change({ payPassword: '111111', oldPayPassword: '123456' }),
      'payPasswordWrong',
    );
    expect((await change({ payPassword: '111111', oldPayPassword: '654321' })).status).toBe(1);
    expect((await profileOf(token)).hasPayPassword).toBe(true);
  });

  it.each([
    ['five digits', '12345'],
    ['seven digits', '1234567'],
    ['letters', 'abcdef'],
    ['a space', '123 56'],
  ])('refuses a pay password of %s with payPasswordRule', async (_label, payPassword) => {
    const { token } = await server.register();
    expectRefusal(
      await server.call(userCalls.updatePayPwd, { payPassword }, { token }),
      'payPasswordRule',
    );
    expect((await profileOf(token)).hasPayPassword).toBe(false);
  });

  it('refuses an empty pay password and a mismatched confirmation', async () => {
    const { token } = await server.register();
    expectRefusal(
      await server.call(userCalls.updatePayPwd, { payPassword: '' }, { token }),
      'payPasswordEmpty',
    );
    expectRefusal(await callLoose(userCalls.updatePayPwd, {}, token), 'payPasswordEmpty');
    expectRefusal(
      await server.call(
        userCalls.updatePayPwd,
        { payPassword: '123456', confirmPayPassword: '123465' },
        { token },
      ),
      'passwordMismatch',
    );
    expect((await profileOf(token)).hasPayPassword).toBe(false);
  });

  it('keeps the login password apart from the pay password', async () => {
    const { email, token } = await server.register();
    await server.call(userCalls.updatePayPwd, { payPassword: '246810' }, { token });
    expectRefusal(await login(email, '246810'), 'loginFailed');
    expect((await login(email)).status).toBe(1);
  });
});

describe('switchUser', () => {
  it('toggles without a mode, goes to an explicit mode, and findUserInfo follows', async () => {
    const { token } = await server.register();
    const sw = (input: Record<string, string>) => callLoose(userCalls.switchUser, input, token);

    expect(expectOk(await sw({}))).toEqual({ mode: 'real' });
    expect((await profileOf(token)).mode).toBe('real');
    expect(expectOk(await sw({}))).toEqual({ mode: 'demo' });
    expect((await profileOf(token)).mode).toBe('demo');

    expect(expectOk(await sw({ mode: 'real' }))).toEqual({ mode: 'real' });
    expect(expectOk(await sw({ mode: 'real' }))).toEqual({ mode: 'real' });
    expect((await profileOf(token)).mode).toBe('real');
    expect(expectOk(await sw({ mode: 'demo' }))).toEqual({ mode: 'demo' });
    expect((await profileOf(token)).mode).toBe('demo');
  });

  it('refuses an invalid mode with invalidInput and keeps the mode', async () => {
    const { token } = await server.register();
    for (const mode of ['paper', 'REAL', '1']) {
      expectRefusal(await callLoose(userCalls.switchUser, { mode }, token), 'invalidInput');
    }
    expect((await profileOf(token)).mode).toBe('demo');
  });

  it('switches one account only', async () => {
    const a = await server.register();
    const b = await server.register();
    await server.call(userCalls.switchUser, { mode: 'real' }, { token: a.token });
    expect((await profileOf(a.token)).mode).toBe('real');
    expect((await profileOf(b.token)).mode).toBe('demo');
  });
});

describe('logout', () => {
  it('revokes the token, and only that one', async () => {
    const { email, token } = await server.register();
    const other = (expectOk(await login(email)) as { token: string }).token;

    expect(await server.call(userCalls.logout, {}, { token })).toMatchObject({
      status: 1,
      data: null,
    });
    expectRefusal(await server.call(userCalls.findUserInfo, {}, { token }), 'sessionExpired');
    expectRefusal(await server.call(userCalls.logout, {}, { token }), 'sessionExpired');
    expect((await profileOf(other)).email).toBe(email);
    expect((await login(email)).status).toBe(1);
  });

  it('lets a session expire after the token lifetime', async () => {
    const { token } = await server.register();
    server.clock.advance(server.config.tokenTtlMs + 1);
    expectRefusal(await server.call(userCalls.findUserInfo, {}, { token }), 'sessionExpired');
  });
});
