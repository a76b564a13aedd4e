import { authCalls, userCalls, type CallDef, type Envelope } from '@tidemark/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { captchaRules, DEFAULT_RATE_LIMITS } from '../../config';
import { sha256 } from '../../lib/secrets';
import { CAPTCHA, expectRefusal } from '../../test/envelopes';
import {
  GOOD_PASSWORD,
  ROOMY_LIMITS,
  startServer,
  uniqueEmail,
  type TestServer,
} from '../../test/harness';
import { CONSOLE_LOCKOUT } from '../console/operator.service';
import { LOGIN_FAILURE_RETENTION_MS } from './captcha.service';

// Issue 11, "lock-out by strangers": whoever knows an account may slow its owner down by one
// image code, never keep them out; limits count failures, not successes, and say when to retry.

const WINDOW_MS = 10 * 60_000;

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    // Behind a proxy, so that each test can speak from as many addresses as it likes.
    env: { TRUST_PROXY: 'true' },
    rateLimits: {
      ...ROOMY_LIMITS,
      login: {
        perIp: { max: 5, windowMs: WINDOW_MS },
        perAccount: { max: 5, windowMs: WINDOW_MS },
      },
      passwordReset: { perIp: { max: 5, windowMs: WINDOW_MS } },
      sendCode: { perIp: { max: 1_000, windowMs: WINDOW_MS } },
    },
  });
});
afterAll(() => server.close());

let addressCounter = 0;
/** A fresh client address (198.18.0.0/15, kept for tests). */
function newAddress(): string {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

function from(ip: string) {
  return { headers: { 'x-forwarded-for': ip } };
}

function callFrom<C extends CallDef>(def: C, input: Record<string, unknown>, ip: string) {
  return server.call(def, input as never, from(ip)) as Promise<Envelope<unknown>>;
}

function login(account: string, password: string, ip: string, extra: Record<string, string> = {}) {
  return callFrom(userCalls.login, { account, password, ...extra }, ip);
}

/** Logs in over raw HTTP, for the status and headers of the answer. */
function loginResponse(account: string, password: string, ip: string) {
  return server.fetch('/user/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    body: new URLSearchParams({ account, password }).toString(),
  });
}

let captchaCounter = 0;
/**
 * Draws an image through getVerify and gives it a known answer: the server keeps only a hash of
 * the text it drew, so a test cannot read it from the image.
 */
async function solvedCaptcha(): Promise<{ timestamp: string; verifyCode: string }> {
  captchaCounter += 1;
  const timestamp = String(server.clock.now() + captchaCounter);
  const image = await server.fetch(`/common/getVerify?timestamp=${timestamp}`);
  expect(image.status).toBe(200);
  await server.app.db
    .updateTable('captchas')
    .set({ answer_hash: sha256(`${timestamp}|kxyz`) })
    .where('challenge', '=', timestamp)
    .execute();
  return { timestamp, verifyCode: 'KXYZ' };
}

function reset(account: string, code: string, ip: string, extra: Record<string, string> = {}) {
  return callFrom(
    authCalls.forgetUserPassword,
    { account, code, password: 'Renewed2026', confirmPassword: 'Renewed2026', ...extra },
    ip,
  );
}

function sendCode(email: string, ip: string, extra: Record<string, string> = {}) {
  return callFrom(authCalls.sendMailValidCode, { email, ...extra }, ip);
}

const waitForResend = () => server.clock.advance(60_000);

// Every test ends after the longest window, so the next starts with nothing counted.
afterEach(() => server.clock.advance(60 * 60_000 + 1));

describe('login: failures for an account', () => {
  it('never lock the owner out, from however many addresses they come', async () => {
    const { email } = await server.register();
    // Forty wrong passwords from forty addresses: eight times the per-address limit.
    for (let i = 0; i < 40; i++) {
      const answer = await login(email, 'Wrong2026', newAddress());
      expect(answer.status).toBe('400');
      expect(answer.code).toBe(
        i < 2 ? 'loginFailed' : i === 2 ? 'loginFailedCaptcha' : 'captchaRequired',
      );
    }
    // The owner, from home: asked for the image code, never refused for the count.
    const home = newAddress();
    expectRefusal(await login(email, GOOD_PASSWORD, home), 'captchaRequired', CAPTCHA);
    const ok = await login(email, GOOD_PASSWORD, home, await solvedCaptcha());
    expect(ok.status).toBe(1);
    // Getting in forgot the failures: no image next time.
    expect((await login(email, GOOD_PASSWORD, home)).status).toBe(1);
  });

  it('answer captchaRequired after 3 and refuse every attempt without a valid image', async () => {
    const { email } = await server.register();
    const stranger = newAddress();
    expectRefusal(await login(email, 'Wrong2026', stranger), 'loginFailed');
    expectRefusal(await login(email, 'Wrong2026', stranger), 'loginFailed');
    expectRefusal(await login(email, 'Wrong2026', stranger), 'loginFailedCaptcha', CAPTCHA);

    const owner = newAddress();
    // The right password alone is not enough now, nor with a missing, wrong or spent image.
    expectRefusal(await login(email, GOOD_PASSWORD, owner), 'captchaRequired', CAPTCHA);
    const wrong = await solvedCaptcha();
    expectRefusal(
      await login(email, GOOD_PASSWORD, owner, { ...wrong, verifyCode: 'ABCD' }),
      'captchaWrong',
      CAPTCHA,
    );
    expectRefusal(await login(email, GOOD_PASSWORD, owner, wrong), 'captchaWrong', CAPTCHA);
    // A valid image with a wrong password is a failure like any other.
    expectRefusal(
      await login(email, 'Wrong2026', owner, await solvedCaptcha()),
      'loginFailedCaptcha',
      CAPTCHA,
    );
    // A valid image and the right password let the owner in.
    expect((await login(email, GOOD_PASSWORD, owner, await solvedCaptcha())).status).toBe(1);
  });

  it('count per account: another account still logs in without an image', async () => {
    const victim = await server.register();
    const bystander = await server.register();
    const ip = newAddress();
    for (let i = 0; i < 3; i++) await login(victim.email, 'Wrong2026', ip);
    expect((await login(bystander.email, GOOD_PASSWORD, ip)).status).toBe(1);
  });

  it('ask for the image after CAPTCHA_AFTER_FAILURES failures when it is configured', async () => {
    const strict = await startServer({
      env: { CAPTCHA_AFTER_FAILURES: '1' },
      rateLimits: ROOMY_LIMITS,
    });
    try {
      const { email } = await strict.register();
      const attempt = (password: string) =>
        strict.call(userCalls.login, { account: email, password });
      expectRefusal(await attempt('Wrong2026'), 'loginFailedCaptcha', CAPTCHA);
      expectRefusal(await attempt(GOOD_PASSWORD), 'captchaRequired', CAPTCHA);
    } finally {
      await strict.close();
    }
  });
});

describe('login: the per-address limit', () => {
  it('does not count successful logins', async () => {
    const { email } = await server.register();
    const ip = newAddress();
    // Ten times the limit of five, all with the right password.
    for (let i = 0; i < 50; i++) {
      const response = await loginResponse(email, GOOD_PASSWORD, ip);
      expect(response.status).toBe(200);
      expect(((await response.json()) as Envelope).status).toBe(1);
    }
  });

  it('refuses an address after 5 failures, saying in minutes when to retry', async () => {
    const { email } = await server.register();
    const ip = newAddress();
    // Failures against five different accounts, a minute apart.
    for (let i = 0; i < 5; i++) {
      expectRefusal(await login(uniqueEmail(), 'Wrong2026', ip), 'loginFailed');
      server.clock.advance(60_000);
    }
    // Even the right password waits: the oldest failure leaves the window in 10 - 5 = 5 min.
    const refused = await loginResponse(email, GOOD_PASSWORD, ip);
    expect(refused.status).toBe(429);
    // 300 s less the real time the five failures took (the test clock runs on with real time;
    // on a loaded machine that passed a second, and the header said 299).
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(295);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect(await refused.json()).toEqual({
      status: '429',
      code: 'tooManyWaitMinutes',
      enMsg: 'Too many attempts, please try again in 5 min',
      cnMsg: '尝试次数过多，请在 5 分钟后重试',
      data: null,
      params: { minutes: 5 },
    });
    // Another address is not held back.
    expect((await login(email, GOOD_PASSWORD, newAddress())).status).toBe(1);

    // Under a minute left, the wait is said in seconds.
    server.clock.advance(4 * 60_000 + 15_000);
    const soon = await loginResponse(email, GOOD_PASSWORD, ip);
    expect(soon.status).toBe(429);
    expect(soon.headers.get('retry-after')).toBe('45');
    expect(await soon.json()).toMatchObject({
      code: 'tooManyWaitSeconds',
      enMsg: 'Too many attempts, please try again in 45 s',
      params: { seconds: 45 },
    });
    // Once the oldest failure is out of the window, the address may try again.
    server.clock.advance(45_000);
    expect((await login(email, GOOD_PASSWORD, ip)).status).toBe(1);
  });

  it('does not count a refusal for a missing image as a failure', async () => {
    const { email } = await server.register();
    for (let i = 0; i < 3; i++) await login(email, 'Wrong2026', newAddress());
    const ip = newAddress();
    for (let i = 0; i < 10; i++) {
      expectRefusal(await login(email, GOOD_PASSWORD, ip), 'captchaRequired', CAPTCHA);
    }
    expect((await login(email, GOOD_PASSWORD, ip, await solvedCaptcha())).status).toBe(1);
  });
});

describe('password reset codes', () => {
  /** A new code for the address, after the minute between two codes. */
  async function codeFor(email: string): Promise<string> {
    waitForResend();
    expect((await sendCode(email, newAddress())).status).toBe(1);
    return server.lastCode(email);
  }

  it('ask for the image after 3 refused codes, from any address, and let the owner reset', async () => {
    const { email } = await server.register();
    const code = await codeFor(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expectRefusal(await reset(email, wrong, newAddress()), 'codeInvalid');
    expectRefusal(await reset(email, wrong, newAddress()), 'codeInvalid');
    expectRefusal(await reset(email, wrong, newAddress()), 'codeInvalid', CAPTCHA);
    // From now on, every try needs the image, even with the right code.
    for (let i = 0; i < 10; i++) {
      expectRefusal(await reset(email, code, newAddress()), 'captchaRequired', CAPTCHA);
    }
    const owner = newAddress();
    expectRefusal(
      await reset(email, code, owner, { ...(await solvedCaptcha()), verifyCode: 'ABCD' }),
      'captchaWrong',
      CAPTCHA,
    );
    expect((await reset(email, code, owner, await solvedCaptcha())).status).toBe(1);
    expect((await login(email, 'Renewed2026', owner)).status).toBe(1);
  });

  it('forget the refused codes after a reset: the next one needs no image', async () => {
    const { email } = await server.register();
    const first = await codeFor(email);
    const wrong = String((Number(first) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 3; i++) await reset(email, wrong, newAddress());
    expect((await reset(email, first, newAddress(), await solvedCaptcha())).status).toBe(1);
    const second = await codeFor(email);
    expect((await reset(email, second, newAddress())).status).toBe(1);
  });

  it('the per-address limit of resets says when to retry', async () => {
    const ip = newAddress();
    for (let i = 0; i < 5; i++) await reset(uniqueEmail(), '123456', ip);
    const response = await server.fetch('/api/forgetUserPassword', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
      body: new URLSearchParams({
        account: uniqueEmail(),
        code: '123456',
        password: 'Renewed2026',
      }).toString(),
    });
    expect(response.status).toBe(429);
    // @fastify/rate-limit keeps real time: all of the 10-minute window is left.
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(540);
    expect(await response.json()).toMatchObject({
      status: '429',
      code: 'tooManyWaitMinutes',
      enMsg: 'Too many attempts, please try again in 10 min',
      params: { minutes: 10 },
    });
  });
});

describe('sending codes', () => {
  it('asks for the image after 3 unused codes to an address instead of refusing the owner', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) {
      expect((await sendCode(email, newAddress())).status).toBe(1);
      waitForResend();
    }
    for (let i = 0; i < 5; i++) {
      expectRefusal(await sendCode(email, newAddress()), 'captchaRequired', CAPTCHA);
    }
    const before = server.outbox().length;
    expectRefusal(
      await sendCode(email, newAddress(), { ...(await solvedCaptcha()), verifyCode: 'ABCD' }),
      'captchaWrong',
      CAPTCHA,
    );
    expect(server.outbox().length).toBe(before);
    const sent = await sendCode(email, newAddress(), await solvedCaptcha());
    expect(sent.status).toBe(1);
    expect(server.outbox().length).toBe(before + 1);
    // Another address is not affected.
    expect((await sendCode(uniqueEmail(), newAddress())).status).toBe(1);
  });

  it('says to wait before it spends an image on a resend that comes too early', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) {
      await sendCode(email, newAddress());
      if (i < 2) waitForResend();
    }
    const image = await solvedCaptcha();
    const early = await sendCode(email, newAddress(), image);
    expect(early).toMatchObject({ status: '429', code: 'codeWait' });
    waitForResend();
    // The image was not spent by the refusal.
    expect((await sendCode(email, newAddress(), image)).status).toBe(1);
  });

  it('counts only unused codes: a code used to register is not held against the address', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 2; i++) {
      await sendCode(email, newAddress());
      waitForResend();
    }
    await server.register(email);
    waitForResend();
    // Two unused codes and one used: the next code needs no image.
    expect((await sendCode(email, newAddress())).status).toBe(1);
  });
});

describe('the failed-login log', () => {
  const failuresOf = async (account: string) =>
    server.app.db
      .selectFrom('login_failures')
      .select('at')
      .where('account', '=', `email:${account}`)
      .execute();

  it('keeps failures longer than any window that counts them', () => {
    const windows = [
      captchaRules(100).failureWindowMs,
      DEFAULT_RATE_LIMITS.login.perIp.windowMs,
      CONSOLE_LOCKOUT.windowMs,
    ];
    for (const window of windows)
      expect(window * 10).toBeLessThanOrEqual(LOGIN_FAILURE_RETENTION_MS);
  });

  it('drops failures past the retention as new ones come in, and keeps the recent ones', async () => {
    const old = uniqueEmail();
    await login(old, 'Wrong2026', newAddress());
    expect(await failuresOf(old)).toHaveLength(1);
    server.clock.advance(LOGIN_FAILURE_RETENTION_MS - 60_000);
    const recent = uniqueEmail();
    await login(recent, 'Wrong2026', newAddress());
    // Not yet past the retention: both stay.
    expect(await failuresOf(old)).toHaveLength(1);
    server.clock.advance(60_001);
    await login(uniqueEmail(), 'Wrong2026', newAddress());
    expect(await failuresOf(old)).toEqual([]);
    expect(await failuresOf(recent)).toHaveLength(1);
  });

  it('finds the failures of an address through an index (SQLite)', async () => {
    if (server.app.database.dialect !== 'sqlite') return;
    const plan = await sql<{ detail: string }>`
      EXPLAIN QUERY PLAN SELECT at FROM login_failures
      WHERE ip = ${'198.18.0.1'} AND at >= ${0} AND account LIKE ${'email:%'}
      ORDER BY at DESC LIMIT 5`.execute(server.app.db);
    expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/USING INDEX login_failures_ip/);
    const purge = await sql<{ detail: string }>`
      EXPLAIN QUERY PLAN SELECT id FROM login_failures WHERE at < ${0} LIMIT 100`.execute(
      server.app.db,
    );
    expect(purge.rows.map((r) => r.detail).join('\n')).toMatch(/login_failures_at/);
  });
});
