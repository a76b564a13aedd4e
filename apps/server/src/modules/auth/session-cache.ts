import type { AuthUser } from '../../http/context';

/**
 * What makes a remembered session stale: a session ended (logout), or a user's sessions ended or
 * their account changed (password change or reset, freeze, a new trading mode). These are the
 * only two messages, by id (never a token), so a bus between processes can carry them as they are.
 */
export interface SessionRevocations {
  revokeSession(sessionId: number): void;
  revokeUser(userId: number): void;
}

interface Entry {
  user: AuthUser;
  /** The session's own expiry: never answered at or after it. */
  expiresAt: number;
  /** When it was read; answered at most maxAgeMs after. */
  readAt: number;
}

/** The most sessions remembered; the oldest is forgotten first. */
const MAX_ENTRIES = 10_000;

/**
 * The sessions this process has read lately, by token hash, with the user's id and trading mode:
 * a signed-in request reads its session once, not on every call. Whoever ends a session or
 * changes what it carries tells the cache (SessionRevocations) once the change is committed, and
 * the next call reads the database again.
 *
 * A read that began before a revocation is never remembered (the epoch moved on meanwhile), so a
 * request in flight during a logout cannot put the ended session back. Each entry also lives at
 * most `maxAgeMs`, which bounds how long another process that missed the message could still
 * answer an ended session.
 */
export class SessionCache implements SessionRevocations {
  private readonly byHash = new Map<string, Entry>();
  private readonly bySession = new Map<number, string>();
  private readonly byUser = new Map<number, Set<string>>();
  private revocations = 0;

  constructor(private readonly maxAgeMs: number) {}

  /** Taken before reading the database; `remember` skips the row if a revocation came since. */
  epoch(): number {
    return this.revocations;
  }

  /** The remembered session of a token hash, if it is still good at `now`. */
  find(tokenHash: string, now: number): AuthUser | undefined {
    const entry = this.byHash.get(tokenHash);
    if (!entry) return undefined;
    if (now >= entry.expiresAt || now - entry.readAt >= this.maxAgeMs || now < entry.readAt) {
      this.forget(tokenHash);
      return undefined;
    }
    return entry.user;
  }

  remember(tokenHash: string, user: AuthUser, expiresAt: number, now: number, epoch: number) {
    if (epoch !== this.revocations || this.maxAgeMs <= 0 || now >= expiresAt) return;
    this.forget(tokenHash);
    if (this.byHash.size >= MAX_ENTRIES) {
      const oldest = this.byHash.keys().next().value;
      if (oldest !== undefined) this.forget(oldest);
    }
    this.byHash.set(tokenHash, { user, expiresAt, readAt: now });
    this.bySession.set(user.sessionId, tokenHash);
    let hashes = this.byUser.get(user.id);
    if (!hashes) this.byUser.set(user.id, (hashes = new Set()));
    hashes.add(tokenHash);
  }

  revokeSession(sessionId: number): void {
    this.revocations++;
    const hash = this.bySession.get(sessionId);
    if (hash !== undefined) this.forget(hash);
  }

  revokeUser(userId: number): void {
    this.revocations++;
    for (const hash of this.byUser.get(userId) ?? []) this.forget(hash);
  }

  /** How many sessions are remembered (tests). */
  get size(): number {
    return this.byHash.size;
  }

  private forget(tokenHash: string): void {
    const entry = this.byHash.get(tokenHash);
    if (!entry) return;
    this.byHash.delete(tokenHash);
    this.bySession.delete(entry.user.sessionId);
    const hashes = this.byUser.get(entry.user.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.byUser.delete(entry.user.id);
  }
}
