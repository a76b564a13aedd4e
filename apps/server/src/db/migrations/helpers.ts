import type { CreateTableBuilder } from 'kysely';
import type { DialectName } from '../database';

export interface MigrationContext {
  dialect: DialectName;
}

/** Every integer is 64-bit: int8 on PostgreSQL, INTEGER (always 64-bit) on SQLite. */
export function columnType(dialect: DialectName, _kind: 'int'): 'bigint' | 'integer' {
  return dialect === 'postgres' ? 'bigint' : 'integer';
}

export function addId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
