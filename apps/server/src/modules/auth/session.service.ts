import type { AccountMode } from '@tidemark/contract';
import type { Executor } from '../../db/database';
import type { AppContext, AuthUser } from '../../http/context';
import { randomToken, sha256 } from '../../lib/secrets';
import * as repo from './auth.repository';
import { SessionCache, type SessionRevocations } from './session-cache';

/**
 * How long a process answers a session from memory before reading it again. Revocations take
 * effect at once in this process and, through the bus, in the others; this bounds one that
 * reaches another process late or not at all (the bus delivers to others at most once).
 */
export const SESSION_CACHE_MAX_AGE_MS = 2_000;

/**
 * The bus topic of SessionRevocations: `{ sessionId }` or `{ userId }`, ids only, never a token;
 * with `disconnect: true` (logout, password change, freeze) their websockets close too.
 */
export const SESSIONS_TOPIC = 'sessions';
/** The close code of a websocket whose session ended (logout, password change, freeze). */
const SESSION_ENDED = 4401;

const caches = new WeakMap<AppContext, SessionCache>();

/** This process's cache; the first use also starts listening for revocations from any process. */
function cacheOf(app: AppContext): SessionCache {
  const cache = caches.get(app);
  if (cache) return cache;
  const created = new SessionCache(SESSION_CACHE_MAX_AGE_MS);
  caches.set(app, created);
  app.bus.onAnnouncement(SESSIONS_TOPIC, (message) => {
    const { sessionId, userId, disconnect } = (message ?? {}) as {
      sessionId?: unknown;
      userId?: unknown;
      disconnect?: unknown;
    };
    if (typeof sessionId === 'number') created.revokeSession(sessionId);
    if (typeof userId === 'number') created.revokeUser(userId);
    // An ended session's websockets close on whichever process holds them.
    if (disconnect !== true) return;
    if (typeof sessionId === 'number')
      app.hub.disconnect({ sessionId }, SESSION_ENDED, 'session ended');
    if (typeof userId === 'number') app.hub.disconnect({ userId }, SESSION_ENDED, 'session ended');
  });
  return created;
}

/**
 * Where to say that sessions ended or changed, once the change has committed: logout, password
 * change or reset, freeze, a new trading mode. Announced on the bus, so every process forgets
 * them (this one before the call returns).
 */
export function sessionRevocations(app: AppContext): SessionRevocations {
  return {
    revokeSession: (sessionId) => announceSessions(app, { sessionId }),
    revokeUser: (userId) => announceSessions(app, { userId }),
  };
}

/** Announces a sessions message to every process, this one's handler included. */
function announceSessions(
  app: AppContext,
  message: { sessionId: number } | { userId: number },
  disconnect = false,
): void {
  cacheOf(app);
  app.bus.announce(SESSIONS_TOPIC, disconnect ? { ...message, disconnect } : message);
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

/** Logout: the session's token stops working, and so do the websockets it opened. */
export async function closeSession(app: AppContext, sessionId: number): Promise<void> {
  await repo.revokeSession(app.db, sessionId, app.clock.now());
  // Every process forgets it and closes its websockets (this one before the call returns).
  announceSessions(app, { sessionId }, true);
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
  sessionRevocations(app).revokeUser(userId);
}

/**
 * Closes every websocket of the user and forgets their sessions in memory; after
 * closeAllSessions has committed (a read that raced the commit is forgotten here).
 */
export function disconnectUser(app: AppContext, userId: number): void {
  announceSessions(app, { userId }, true);
}
