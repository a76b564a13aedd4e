import type { Executor } from '../../db/database';
import type { NewUserRow, UserRow, UserUpdate } from './user.table';

export function findById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
}

export function findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findByPhone(
  db: Executor,
  areaCode: string,
  phone: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('area_code', '=', areaCode)
    .where('phone', '=', phone)
    .executeTakeFirst();
}

export function findByInviteCode(db: Executor, inviteCode: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('invite_code', '=', inviteCode.toUpperCase())
    .executeTakeFirst();
}

export async function insert(db: Executor, row: NewUserRow): Promise<number> {
  const inserted = await db
    .insertInto('users')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function update(db: Executor, id: number, patch: UserUpdate): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', BigInt(id)).execute();
}

/** Records the heartbeat, writing at most once per `minGapMs` per user. */
export async function markSeen(
  db: Executor,
  id: number,
  now: number,
  minGapMs: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_seen_at: BigInt(now) })
    .where('id', '=', BigInt(id))
    .where((eb) =>
      eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', BigInt(now - minGapMs))]),
    )
    .execute();
}
