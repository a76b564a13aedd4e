import { consoleCalls, spotCalls, userCalls } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../http/context';
import { expectRefusal } from '../../test/envelopes';
import { GOOD_PASSWORD, type TestServer } from '../../test/harness';
import {
  consoleCall,
  newOperator,
  newTrader,
  startConsoleServer,
} from '../console/console.test-support';
import { SessionCache } from './session-cache';
import { SESSION_CACHE_MAX_AGE_MS, SESSIONS_TOPIC } from './session.service';

// Sessions are answered from memory after their first read (session.service.ts): whatever ends a
// session or changes what it carries must take effect on the very next call.

const user = (id: number, sessionId: number): AuthUser => ({ id, sessionId, mode: 'demo' });

describe('SessionCache', () => {
  it('answers a remembered session until its expiry, never at or after it', () => {
    const cache = new SessionCache(60_000);
    cache.remember('h1', user(1, 11), 1_000 + 500, 1_000, cache.epoch());
    expect(cache.find('h1', 1_499)).toEqual(user(1, 11));
    expect(cache.find('h1', 1_500)).toBeUndefined();
    // Forgotten, not only refused.
    expect(cache.size).toBe(0);
  });

  it('never remembers a session already expired, and reads again after its maximum age', () => {
    const cache = new SessionCache(2_000);
    cache.remember('late', user(1, 11), 1_000, 1_000, cache.epoch());
    expect(cache.find('late', 1_000)).toBeUndefined();
    cache.remember('h1', user(1, 12), 100_000, 1_000, cache.epoch());
    expect(cache.find('h1', 2_999)).toBeDefined();
    expect(cache.find('h1', 3_000)).toBeUndefined();
  });

  it('forgets one session, or every session of a user', () => {
    const cache = new SessionCache(60_000);
    const epoch = cache.epoch();
    cache.remember('a', user(1, 11), 100_000, 0, epoch);
    cache.remember('b', user(1, 12), 100_000, 0, epoch);
    cache.remember('c', user(2, 21), 100_000, 0, epoch);
    cache.revokeSession(11);
    expect(cache.find('a', 1)).toBeUndefined();
    expect(cache.find('b', 1)).toBeDefined();
    cache.revokeUser(1);
    expect(cache.find('b', 1)).toBeUndefined();
    expect(cache.find('c', 1)).toEqual(user(2, 21));
  });

  it('does not remember a read that began before a revocation', () => {
    const cache = new SessionCache(60_000);
    const epoch = cache.epoch();
    // The read is in flight when the session is revoked; it answers the old row.
    cache.revokeSession(11);
    cache.remember('a', user(1, 11), 100_000, 0, epoch);
    expect(cache.find('a', 1)).toBeUndefined();
  });
});

let server: TestServer;
let support: { token: string };
beforeAll(async () => {
  const started = await startConsoleServer();
  server = started.server;
  support = await newOperator(server, started.admin, 'support');
});
afterAll(() => server.close());

/** A trader whose session has been read (and so remembered) by a call. */
async function signedIn() {
  const trader = await newTrader(server);
  expect((await profile(trader.token)).status).toBe(1);
  return trader;
}

const profile = (token: string) => server.call(userCalls.findUserInfo, {}, { token });

describe('a remembered session', () => {
  it('is refused on the next call after logout', async () => {
    const { token } = await signedIn();
    expect((await server.call(userCalls.logout, {}, { token })).status).toBe(1);
    expectRefusal(await profile(token), 'sessionExpired');
  });

  it('ends with every other session of the user when the password changes', async () => {
    const trader = await signedIn();
    const login = await server.call(userCalls.login, {
      account: trader.email,
      password: GOOD_PASSWORD,
    });
    const other = login.data!.token;
    expect((await profile(other)).status).toBe(1);
    const changed = await server.call(
      userCalls.updateUserPassword,
      { oldPassword: GOOD_PASSWORD, newPassword: 'Newer2026', confirmPassword: 'Newer2026' },
      { token: trader.token },
    );
    expect(changed.status).toBe(1);
    expectRefusal(await profile(trader.token), 'sessionExpired');
    expectRefusal(await profile(other), 'sessionExpired');
  });

  it('is refused on the next call after the account is frozen', async () => {
    const trader = await signedIn();
    const frozen = await consoleCall(
      server,
      consoleCalls.freezeUser,
      { id: trader.userId, scope: 'login', reason: 'Reported stolen' },
      { token: support.token },
    );
    expect(frozen.status).toBe(1);
    expectRefusal(await profile(trader.token), 'sessionExpired');
  });

  it('carries the new trading mode on the next call after a switch', async () => {
    const { token } = await signedIn();
    const balances = (mode?: string) =>
      server.call(spotCalls.findUserMoney, { symbol: 'BTC/USDT' }, { token }).then((answer) => {
        expect(answer.status).toBe(1);
        if (mode) expect(answer.data.mode).toBe(mode);
        return answer.data.mode;
      });
    const before = await balances();
    const next = before === 'demo' ? 'real' : 'demo';
    const switched = await server.call(userCalls.switchUser, { mode: next }, { token });
    expect(switched.data).toEqual({ mode: next });
    await balances(next);
  });

  it('is forgotten when another process announces the revocation on the bus', async () => {
    const trader = await signedIn();
    // Another process ended the session: its row is revoked, and it announces that.
    await server.app.db
      .updateTable('user_sessions')
      .set({ revoked_at: BigInt(server.clock.now()) })
      .where('user_id', '=', BigInt(trader.userId))
      .execute();
    // Untold, this process would answer from memory for up to SESSION_CACHE_MAX_AGE_MS more.
    server.app.bus.announce(SESSIONS_TOPIC, { userId: trader.userId });
    expectRefusal(await profile(trader.token), 'sessionExpired');
  });

  it('never outlives its expiry', async () => {
    const { token } = await signedIn();
    // Still within the cache's own age, but past the session's expiry.
    server.clock.advance(server.config.tokenTtlMs - SESSION_CACHE_MAX_AGE_MS / 2);
    expect((await profile(token)).status).toBe(1);
    server.clock.advance(SESSION_CACHE_MAX_AGE_MS / 2);
    expectRefusal(await profile(token), 'sessionExpired');
  });
});
