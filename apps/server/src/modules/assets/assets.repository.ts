import type { Trx } from '../../db/database';
import type { TransferTable } from './assets.table';
import type { Insertable } from 'kysely';

export async function insertTransfer(trx: Trx, row: Insertable<TransferTable>): Promise<number> {
  const inserted = await trx
    .insertInto('transfers')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}
