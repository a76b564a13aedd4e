import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database';
import type { UploadRow, UploadTable } from './images.table';

export async function insertUpload(db: Executor, row: Insertable<UploadTable>): Promise<number> {
  const inserted = await db
    .insertInto('uploads')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export function findUpload(db: Executor, id: number): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
}

/** Which of these storage keys have a row. */
export async function recordedKeys(db: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('uploads')
    .select('storage_key')
    .where('storage_key', 'in', keys)
    .execute();
  return new Set(rows.map((r) => r.storage_key));
}
