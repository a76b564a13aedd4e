import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database';
import type { KycSubmissionRow, KycSubmissionTable } from './kyc.table';

export function insertSubmission(
  db: Executor,
  row: Insertable<KycSubmissionTable>,
): Promise<KycSubmissionRow> {
  return db.insertInto('kyc_submissions').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The user's newest submission of any of `kinds`. */
export function latestOf(
  db: Executor,
  userId: number,
  kinds: readonly string[],
): Promise<KycSubmissionRow | undefined> {
  return db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .where('kind', 'in', [...kinds])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findSubmission(
  db: Executor,
  id: number,
  lock: boolean,
): Promise<KycSubmissionRow | undefined> {
  return db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('id', '=', BigInt(id))
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/**
 * Moves a certifying submission to its verdict; answers the row moved, or undefined when it was no
 * longer certifying.
 */
export function decide(
  db: Executor,
  id: number,
  patch: { status: 'verified' | 'failed'; reason: string | null; reviewed_by: bigint; now: bigint },
): Promise<KycSubmissionRow | undefined> {
  return db
    .updateTable('kyc_submissions')
    .set({
      status: patch.status,
      reason: patch.reason,
      reviewed_by: patch.reviewed_by,
      reviewed_at: patch.now,
      updated_at: patch.now,
    })
    .where('id', '=', BigInt(id))
    .where('status', '=', 'certifying')
    .returningAll()
    .executeTakeFirst();
}

/** Locks the user's row (PostgreSQL) so two submissions of one user take turns. */
export async function lockUser(db: Executor, userId: number): Promise<void> {
  await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', BigInt(userId))
    .forUpdate()
    .executeTakeFirst();
}

export async function userVerifyLevel(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('verify_level')
    .where('id', '=', BigInt(userId))
    .executeTakeFirst();
  return row ? Number(row.verify_level) : 0;
}

/** Raises users.verify_level to `level` (never lowers it). */
export async function raiseVerifyLevel(
  db: Executor,
  userId: number,
  level: number,
  now: bigint,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ verify_level: BigInt(level), updated_at: now })
    .where('id', '=', BigInt(userId))
    .where('verify_level', '<', BigInt(level))
    .execute();
}
