import { authCalls, userCalls } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, startServer, uniqueEmail, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('register and log in by email', () => {
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
});
