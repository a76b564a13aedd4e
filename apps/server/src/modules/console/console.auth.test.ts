import { consoleCalls, userCalls } from '@tidemark/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, ROOMY_LIMITS, type TestServer } from '../../test/harness';
import {
  auditRows,
  consoleCall,
  consoleLogin,
  initialAdmin,
  newOperator,
  OPERATOR_PASSWORD,
  totpCode,
  type OperatorCredentials,
} from './console.test-support';
import { CONSOLE_LOCKOUT, OPERATOR_SESSION_TTL_MS } from './operator.service';

let server: TestServer;
let admin: OperatorCredentials;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS });
  admin = initialAdmin(server);
});
afterAll(() => server.close());
// Every test starts outside the lockout window of the failures an earlier one made.
afterEach(() => server.clock.advance(CONSOLE_LOCKOUT.windowMs + 1_000));

const LOGIN_FAILED = {
  status: '400',
  code: 'loginFailed',
  enMsg: 'Login failed, please log in again',
  cnMsg: expect.any(String),
  data: null,
};

function login(who: OperatorCredentials, overrides: { password?: string; totp?: string } = {}) {
  return consoleCall(server, consoleCalls.login, {
    username: who.username,
    password: overrides.password ?? who.password,
    totp: overrides.totp ?? totpCode(who.totpSecret, server.clock.now()),
  });
}

describe('console login', () => {
  it('logs the seeded admin in with password and TOTP, and /me names the operator', async () => {
    server.clock.advance(30_000);
    const answer = await login(admin);
    expect(answer).toMatchObject({ status: 1, code: 'operation' });
    expect(answer.data.token).toMatch(/^[\w-]{43}$/);
    expect(
      Math.abs(answer.data.expiresAt - (server.clock.now() + OPERATOR_SESSION_TTL_MS)),
    ).toBeLessThan(5_000);
    expect(answer.data.operator).toMatchObject({
      username: 'admin',
      role: 'admin',
      status: 'active',
    });
    expect(answer.data.operator.totpEnrolledAt).toEqual(expect.any(Number));

    const me = await consoleCall(server, consoleCalls.me, {}, { token: answer.data.token });
    expect(me).toMatchObject({ status: 1, data: { username: 'admin', role: 'admin' } });
    const [row] = await auditRows(server);
    expect(row).toMatchObject({
      action: 'operator.login',
      target_type: 'operator',
      ip: '127.0.0.1',
    });
    // The token is stored hashed only.
    const stored = await server.app.db
      .selectFrom('operator_sessions')
      .select('token_hash')
      .execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(answer.data.token);
  });

  it('answers one generic refusal for a wrong password, an unknown user and a wrong or malformed code', async () => {
    const operator = await newOperator(server, await consoleLogin(server, admin), 'reviewer');
    server.clock.advance(30_000);
    const wrongCode = String(
      (Number(totpCode(operator.totpSecret, server.clock.now())) + 1) % 1e6,
    ).padStart(6, '0');
    const answers = [
      await login(operator, { password: 'Wrong-password-1' }),
      await login({ ...operator, username: 'nobody.here' }),
      await login(operator, { totp: wrongCode }),
      await login(operator, { totp: '12345' }),
      await login({ ...operator, username: 'nobody.here' }, { totp: 'abcdef' }),
      // A code of another secret (the admin's) with the right password.
      await login(operator, { totp: totpCode(admin.totpSecret, server.clock.now()) }),
    ];
    for (const answer of answers) expect(answer).toEqual(LOGIN_FAILED);
    // Still fine with everything right (four failures of this username do not lock it).
    expect((await login(operator)).status).toBe(1);
  });

  it('takes a code of the previous step but not older, and each code only once', async () => {
    const operator = await newOperator(server, await consoleLogin(server, admin), 'support');
    server.clock.advance(90_000);
    const now = server.clock.now();
    expect(await login(operator, { totp: totpCode(operator.totpSecret, now - 60_000) })).toEqual(
      LOGIN_FAILED,
    );
    const previous = totpCode(operator.totpSecret, now - 30_000);
    expect((await login(operator, { totp: previous })).status).toBe(1);
    // The same code again, within its window: refused.
    expect(await login(operator, { totp: previous })).toEqual(LOGIN_FAILED);
    // The current step's code is newer than the one used: accepted once.
    const current = totpCode(operator.totpSecret, now);
    expect((await login(operator, { totp: current })).status).toBe(1);
    expect(await login(operator, { totp: current })).toEqual(LOGIN_FAILED);
    // Once a step is used, an older step's code is refused even within the window.
    server.clock.advance(30_000);
    expect(await login(operator, { totp: current })).toEqual(LOGIN_FAILED);
  });

  it('locks a username after five failures, whether or not it exists, until the window passes', async () => {
    const operator = await newOperator(server, await consoleLogin(server, admin), 'reviewer');
    for (let i = 0; i < CONSOLE_LOCKOUT.perUsername; i++) {
      expect(await login(operator, { password: `Wrong-${i}-password` })).toEqual(LOGIN_FAILED);
      expect(await login({ ...operator, username: 'ghost.user' })).toEqual(LOGIN_FAILED);
    }
    server.clock.advance(30_000);
    for (const who of [operator, { ...operator, username: 'ghost.user' }]) {
      expect(await login(who)).toMatchObject({ status: '429', code: 'tooManyRequests' });
    }
    server.clock.advance(CONSOLE_LOCKOUT.windowMs);
    expect((await login(operator)).status).toBe(1);
  });

  it('locks an address after twenty failures across usernames', async () => {
    const operator = await newOperator(server, await consoleLogin(server, admin), 'support');
    for (let i = 0; i < CONSOLE_LOCKOUT.perIp; i++) {
      expect(await login({ ...operator, username: `spray.${i}` })).toEqual(LOGIN_FAILED);
    }
    server.clock.advance(30_000);
    expect(await login(operator)).toMatchObject({ status: '429', code: 'tooManyRequests' });
    server.clock.advance(CONSOLE_LOCKOUT.windowMs);
    expect((await login(operator)).status).toBe(1);
  });

  it('refuses a disabled operator like a wrong password', async () => {
    const adminToken = await consoleLogin(server, admin);
    const operator = await newOperator(server, adminToken, 'reviewer');
    const disabled = await consoleCall(
      server,
      consoleCalls.disableOperator,
      { id: operator.id, reason: 'left the company' },
      { token: adminToken },
    );
    expect(disabled).toMatchObject({ status: 1, data: { status: 'disabled' } });
    // Its open session ends at once.
    expect(await consoleCall(server, consoleCalls.me, {}, { token: operator.token })).toMatchObject(
      { status: '401', code: 'sessionExpired' },
    );
    server.clock.advance(30_000);
    expect(await login(operator)).toEqual(LOGIN_FAILED);
  });
});

describe('console sessions', () => {
  it('needs a Bearer token, and answers 401 for a missing, unknown or revoked one', async () => {
    expect(await consoleCall(server, consoleCalls.me, {})).toMatchObject({
      status: '401',
      code: 'notLoggedIn',
    });
    for (const headers of [{ authorization: 'Bearer nope' }, { authorization: 'Basic abc' }]) {
      const answer = await consoleCall(server, consoleCalls.me, {}, { headers });
      expect(answer.status).toBe('401');
    }
    const token = await consoleLogin(server, admin);
    expect((await consoleCall(server, consoleCalls.logout, {}, { token })).status).toBe(1);
    expect(await consoleCall(server, consoleCalls.me, {}, { token })).toMatchObject({
      status: '401',
      code: 'sessionExpired',
    });
    const audit = await auditRows(server);
    expect(audit[0]).toMatchObject({ action: 'operator.logout' });
  });

  it('expires a token after its lifetime', async () => {
    const token = await consoleLogin(server, admin);
    server.clock.advance(OPERATOR_SESSION_TTL_MS - 60_000);
    expect((await consoleCall(server, consoleCalls.me, {}, { token })).status).toBe(1);
    server.clock.advance(120_000);
    expect(await consoleCall(server, consoleCalls.me, {}, { token })).toMatchObject({
      status: '401',
      code: 'sessionExpired',
    });
  });

  it('keeps operator and trader sessions apart', async () => {
    const trader = await server.register();
    expect(await consoleCall(server, consoleCalls.me, {}, { token: trader.token })).toMatchObject({
      status: '401',
      code: 'sessionExpired',
    });
    const operatorToken = await consoleLogin(server, admin);
    const asTrader = await server.call(userCalls.findUserInfo, {}, { token: operatorToken });
    expect(asTrader).toMatchObject({ status: '401', code: 'sessionExpired' });
  });

  it('changes the password: the old one is asked for, other sessions end, this one stays', async () => {
    const adminToken = await consoleLogin(server, admin);
    const operator = await newOperator(server, adminToken, 'support');
    const other = await consoleLogin(server, operator);
    const wrong = await consoleCall(
      server,
      consoleCalls.changePassword,
      { oldPassword: 'Not-the-password-1', newPassword: 'Brandnew2026pass' },
      { token: operator.token },
    );
    expect(wrong).toMatchObject({ status: '400', code: 'oldPasswordWrong' });
    const weak = await consoleCall(
      server,
      consoleCalls.changePassword,
      { oldPassword: OPERATOR_PASSWORD, newPassword: 'short' },
      { token: operator.token },
    );
    expect(weak).toMatchObject({ status: '400', code: 'operatorPasswordRule' });
    const changed = await consoleCall(
      server,
      consoleCalls.changePassword,
      { oldPassword: OPERATOR_PASSWORD, newPassword: 'Brandnew2026pass' },
      { token: operator.token },
    );
    expect(changed.status).toBe(1);
    expect((await consoleCall(server, consoleCalls.me, {}, { token: operator.token })).status).toBe(
      1,
    );
    expect((await consoleCall(server, consoleCalls.me, {}, { token: other })).status).toBe('401');
    server.clock.advance(30_000);
    expect(await login(operator)).toEqual(LOGIN_FAILED);
    expect((await login(operator, { password: 'Brandnew2026pass' })).status).toBe(1);
  });
});

describe('operators', () => {
  it('creates an operator with a one-time otpauth URI that an authenticator can use', async () => {
    const adminToken = await consoleLogin(server, admin);
    const created = await consoleCall(
      server,
      consoleCalls.createOperator,
      { username: 'Reviewer.Anna', password: 'Lighthouse2026x', role: 'reviewer' },
      { token: adminToken },
    );
    expect(created).toMatchObject({
      status: 1,
      data: {
        operator: {
          username: 'reviewer.anna',
          role: 'reviewer',
          status: 'active',
          totpEnrolledAt: null,
        },
      },
    });
    const uri = new URL(created.data.otpauthUrl);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('secret')).toBe(created.data.totpSecret);
    expect(uri.searchParams.get('issuer')).toBe('Tidemark');
    const audit = (await auditRows(server))[0]!;
    expect(audit).toMatchObject({
      action: 'operator.create',
      target_id: String(created.data.operator.id),
    });
    // The secret is never written to the audit log.
    expect(audit.after_json).not.toContain(created.data.totpSecret);

    const duplicate = await consoleCall(
      server,
      consoleCalls.createOperator,
      { username: 'reviewer.anna', password: 'Lighthouse2026x', role: 'support' },
      { token: adminToken },
    );
    expect(duplicate).toMatchObject({ status: '409', code: 'operatorExists' });

    const token = await consoleLogin(server, {
      username: 'reviewer.anna',
      password: 'Lighthouse2026x',
      totpSecret: created.data.totpSecret,
    });
    const me = await consoleCall(server, consoleCalls.me, {}, { token });
    expect(me.data.totpEnrolledAt).toEqual(expect.any(Number));
    const list = await consoleCall(server, consoleCalls.listOperators, {}, { token: adminToken });
    expect(list.data.list.map((o) => o.username)).toContain('reviewer.anna');
  });

  it('refuses to disable oneself, or to disable twice; enables again', async () => {
    const adminToken = await consoleLogin(server, admin);
    const me = await consoleCall(server, consoleCalls.me, {}, { token: adminToken });
    const self = await consoleCall(
      server,
      consoleCalls.disableOperator,
      { id: me.data.id, reason: 'oops' },
      { token: adminToken },
    );
    expect(self).toMatchObject({ status: '400', code: 'cannotDisableSelf' });
    const operator = await newOperator(server, adminToken, 'support');
    const input = { id: operator.id, reason: 'on leave' };
    expect(
      (await consoleCall(server, consoleCalls.disableOperator, input, { token: adminToken }))
        .status,
    ).toBe(1);
    expect(
      await consoleCall(server, consoleCalls.disableOperator, input, { token: adminToken }),
    ).toMatchObject({ code: 'reviewStateChanged' });
    const noReason = await consoleCall(
      server,
      consoleCalls.enableOperator,
      { id: operator.id, reason: ' ' },
      { token: adminToken },
    );
    expect(noReason).toMatchObject({ code: 'reasonRequired' });
    const enabled = await consoleCall(
      server,
      consoleCalls.enableOperator,
      { id: operator.id, reason: 'back' },
      { token: adminToken },
    );
    expect(enabled).toMatchObject({ status: 1, data: { status: 'active' } });
    const missing = await consoleCall(
      server,
      consoleCalls.enableOperator,
      { id: 999_999, reason: 'x' },
      { token: adminToken },
    );
    expect(missing).toMatchObject({ status: '404', code: 'notFound' });
    const rows = (await auditRows(server)).filter((r) => r.target_id === String(operator.id));
    expect(rows.map((r) => [r.action, r.reason])).toEqual(
      expect.arrayContaining([
        ['operator.disable', 'on leave'],
        ['operator.enable', 'back'],
      ]),
    );
  });
});
