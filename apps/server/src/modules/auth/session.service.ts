import type { AccountMode } from '@tidemark/contract';
import type { Executor } from '../../db/database';
import type { AppContext, AuthUser } from '../../http/context';
import { randomToken, sha256 } from '../../lib/secrets';
import * as repo from './auth.repository';

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
  const row = await repo.findLiveSession(app.db, sha256(token), app.clock.now());
  if (!row) return null;
  return {
    id: Number(row.userId),
    sessionId: Number(row.sessionId),
    mode: row.mode as AccountMode,
  };
}

const SESSION_ENDED = 4401;

/** Logout: the session's token stops working, and so do the websockets it opened. */
export async function closeSession(app: AppContext, sessionId: number): Promise<void> {
  await repo.revokeSession(app.db, sessionId, app.clock.now());
  app.hub.disconnect({ sessionId }, SESSION_ENDED, 'session ended');
}

/**
 * Logs the user out everywhere (password change or reset, freeze), inside the caller's
 * transaction; call disconnectUser once it has committed.
 */
export function closeAllSessions(app: AppContext, db: Executor, userId: number): Promise<void> {
  return repo.revokeUserSessions(db, userId, app.clock.now());
}

/** Closes every websocket of the user; after closeAllSessions has committed. */
export function disconnectUser(app: AppContext, userId: number): void {
  app.hub.disconnect({ userId }, SESSION_ENDED, 'session ended');
}
