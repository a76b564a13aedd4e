import type { AccountMode } from '@tidemark/contract';
import type { Executor } from '../../db/database';
import type { AppContext, AuthUser } from '../../http/context';
import { randomToken, sha256 } from '../../lib/secrets';
import * as repo from './auth.repository';
import { SessionCache, type SessionRevocations } from './session-cache';

/**
 * How long a process answers a session from memory before reading it again. Revocations in this
 * process take effect at once; this bounds one that reaches another process late (or not at all,
 * while no bus carries SessionRevocations between processes).
 */
export const SESSION_CACHE_MAX_AGE_MS = 2_000;

const caches = new WeakMap<AppContext, SessionCache>();

function cacheOf(app: AppContext): SessionCache {
  let cache = caches.get(app);
  if (!cache) caches.set(app, (cache = new SessionCache(SESSION_CACHE_MAX_AGE_MS)));
  return cache;
}

/**
 * Where to say that sessions ended or changed, once the change has committed: logout, password
 * change or reset, freeze, a new trading mode. A bus between processes carries the same calls.
 */
export function sessionRevocations(app: AppContext): SessionRevocations {
  return cacheOf(app);
}

/** Opens a session and answers its token; only the token's hash is stored. */
export async function openSession(
  app: AppContext,
  db: Executor,
  userId: number,
  client: { ip: string; userAgent: string },
): Promise<string> {
  const token = randomToken();
  const now = app.clock.now();
  await repo.insertSession(db, {
    userId,
    tokenHash: sha256(token),
    now,
    expiresAt: now + app.config.tokenTtlMs,
    ...client,
  });
  return token;
}

/** The user a token belongs to, or null for an unknown, revoked or expired token. */
export async function sessionUser(app: AppContext, token: string): Promise<AuthUser | null> {
  if (token.length > 200) return null;
  const cache = cacheOf(app);
  const tokenHash = sha256(token);
  const now = app.clock.now();
  const known = cache.find(tokenHash, now);
  if (known) return { ...known };
  const epoch = cache.epoch();
  const row = await repo.findLiveSession(app.db, tokenHash, now);
  if (!row) return null;
  const user: AuthUser = {
    id: Number(row.userId),
    sessionId: Number(row.sessionId),
    mode: row.mode as AccountMode,
  };
  cache.remember(tokenHash, user, Number(row.expiresAt), now, epoch);
  return { ...user };
}

const SESSION_ENDED = 4401;

/** Logout: the session's token stops working, and so do the websockets it opened. */
export async function closeSession(app: AppContext, sessionId: number): Promise<void> {
  await repo.revokeSession(app.db, sessionId, app.clock.now());
  cacheOf(app).revokeSession(sessionId);
  app.hub.disconnect({ sessionId }, SESSION_ENDED, 'session ended');
}

/**
 * Logs the user out everywhere (password change or reset, freeze), inside the caller's
 * transaction; call disconnectUser once it has committed.
 */
export async function closeAllSessions(
  app: AppContext,
  db: Executor,
  userId: number,
): Promise<void> {
  await repo.revokeUserSessions(db, userId, app.clock.now());
  cacheOf(app).revokeUser(userId);
}

/**
 * Closes every websocket of the user and forgets their sessions in memory; after
 * closeAllSessions has committed (a read that raced the commit is forgotten here).
 */
export function disconnectUser(app: AppContext, userId: number): void {
  cacheOf(app).revokeUser(userId);
  app.hub.disconnect({ userId }, SESSION_ENDED, 'session ended');
}
