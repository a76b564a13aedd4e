import { compiled } from '../../db/compiled';
import type { Executor } from '../../db/database';
import type { NewVerificationCodeRow } from './auth.table';

// --- sessions ------------------------------------------------------------------------------------

export async function insertSession(
  db: Executor,
  row: {
    userId: number;
    tokenHash: string;
    now: number;
    expiresAt: number;
    ip: string;
    userAgent: string;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('user_sessions')
    .values({
      user_id: BigInt(row.userId),
      token_hash: row.tokenHash,
      created_at: BigInt(row.now),
      expires_at: BigInt(row.expiresAt),
      revoked_at: null,
      ip: row.ip,
      user_agent: row.userAgent.slice(0, 300),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

const liveSession = compiled<
  { tokenHash: string; now: bigint },
  { sessionId: bigint; userId: bigint; mode: string; expiresAt: bigint }
>((db, value) =>
  db
    .selectFrom('user_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as sessionId',
      's.user_id as userId',
      'u.mode as mode',
      's.expires_at as expiresAt',
    ])
    .where('s.token_hash', '=', value('tokenHash'))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', value('now'))
    .where('u.status', '=', 'active'),
);

/** The live session of a token hash whose user may log in. */
export async function findLiveSession(db: Executor, tokenHash: string, now: number) {
  const [row] = await liveSession(db, { tokenHash, now: BigInt(now) });
  return row;
}

export async function revokeSession(db: Executor, sessionId: number, now: number): Promise<void> {
  await db
    .updateTable('user_sessions')
    .set({ revoked_at: BigInt(now) })
    .where('id', '=', BigInt(sessionId))
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserSessions(db: Executor, userId: number, now: number): Promise<void> {
  await db
    .updateTable('user_sessions')
    .set({ revoked_at: BigInt(now) })
    .where('user_id', '=', BigInt(userId))
    .where('revoked_at', 'is', null)
    .execute();
}

// --- verification codes --------------------------------------------------------------------------

export async function insertCode(db: Executor, row: NewVerificationCodeRow): Promise<bigint> {
  const inserted = await db
    .insertInto('verification_codes')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Withdraws a code that could not be delivered, so the user may ask again at once. */
export async function deleteCode(db: Executor, id: bigint): Promise<void> {
  await db.deleteFrom('verification_codes').where('id', '=', id).execute();
}

export function latestCode(db: Executor, target: string) {
  return db
    .selectFrom('verification_codes')
    .selectAll()
    .where('target', '=', target)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Codes sent to the target since then that nobody has used. */
export async function countUnusedCodesSince(
  db: Executor,
  target: string,
  since: number,
): Promise<number> {
  const row = await db
    .selectFrom('verification_codes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('target', '=', target)
    .where('created_at', '>=', BigInt(since))
    .where('consumed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function recordCodeAttempt(db: Executor, id: bigint): Promise<void> {
  await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1n) }))
    .where('id', '=', id)
    .execute();
}

/** Marks the code used; false when another request used it first. */
export async function consumeCode(db: Executor, id: bigint, now: number): Promise<boolean> {
  const result = await db
    .updateTable('verification_codes')
    .set({ consumed_at: BigInt(now) })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

// --- captchas and failed logins ------------------------------------------------------------------

export async function saveCaptcha(
  db: Executor,
  challenge: string,
  answerHash: string,
  expiresAt: number,
  now: number,
): Promise<void> {
  await db.deleteFrom('captchas').where('expires_at', '<', BigInt(now)).execute();
  await db
    .insertInto('captchas')
    .values({ challenge, answer_hash: answerHash, expires_at: BigInt(expiresAt) })
    .onConflict((oc) =>
      oc
        .column('challenge')
        .doUpdateSet({ answer_hash: answerHash, expires_at: BigInt(expiresAt) }),
    )
    .execute();
}

/** Deletes and returns the captcha: each image answers one attempt. */
export async function takeCaptcha(db: Executor, challenge: string) {
  return db
    .deleteFrom('captchas')
    .where('challenge', '=', challenge)
    .returning(['answer_hash', 'expires_at'])
    .executeTakeFirst();
}

export async function recordLoginFailure(
  db: Executor,
  account: string,
  ip: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('login_failures')
    .values({ account, ip, at: BigInt(now) })
    .execute();
}

export async function countLoginFailures(
  db: Executor,
  account: string,
  since: number,
): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('account', '=', account)
    .where('at', '>=', BigInt(since))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The times of the newest failures from one address since then, newest first, at most `limit`;
 * only accounts whose key starts with one of the prefixes.
 */
export async function recentFailuresFromIp(
  db: Executor,
  ip: string,
  prefixes: readonly string[],
  since: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('login_failures')
    .select('at')
    .where('ip', '=', ip)
    .where('at', '>=', BigInt(since))
    .where((eb) => eb.or(prefixes.map((prefix) => eb('account', 'like', `${prefix}%`))))
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.at));
}

/** Deletes at most `limit` failures older than `before` (oldest rows are no window's concern). */
export async function purgeLoginFailures(
  db: Executor,
  before: number,
  limit: number,
): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('id', 'in', (eb) =>
      eb.selectFrom('login_failures').select('id').where('at', '<', BigInt(before)).limit(limit),
    )
    .execute();
}

export async function clearLoginFailures(db: Executor, account: string): Promise<void> {
  await db.deleteFrom('login_failures').where('account', '=', account).execute();
}
