import { sql, type Kysely } from 'kysely';
import { addId, columnType, type MigrationContext } from './helpers';

/** Operator sessions and the append-only audit log of every operator action. */
export function operatorConsole({ dialect }: MigrationContext) {
  const int = columnType(dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('operators').addColumn('totp_enrolled_at', int).execute();
      // The TOTP time step of the last accepted code: each code logs in once (RFC 6238 section 5.2).
      await db.schema.alterTable('operators').addColumn('totp_last_step', int).execute();

      await addId(db.schema.createTable('operator_sessions'), dialect)
        .addColumn('operator_id', int, (c) => c.notNull().references('operators.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('expires_at', int, (c) => c.notNull())
        .addColumn('revoked_at', int)
        .addColumn('ip', 'text', (c) => c.notNull())
        .execute();

      await addId(db.schema.createTable('audit_log'), dialect)
        .addColumn('operator_id', int, (c) => c.references('operators.id'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .addColumn('reason', 'text')
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('audit_log_target')
        .on('audit_log')
        .columns(['target_type', 'target_id'])
        .execute();

      // Append-only: no UPDATE or DELETE, on either database.
      if (dialect === 'sqlite') {
        for (const op of ['UPDATE', 'DELETE']) {
          await sql
            .raw(
              `CREATE TRIGGER audit_log_no_${op.toLowerCase()} BEFORE ${op} ON audit_log ` +
                `BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`,
            )
            .execute(db);
        }
      } else {
        await sql
          .raw(
            `CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger AS $$ ` +
              `BEGIN RAISE EXCEPTION 'audit_log is append-only'; END; $$ LANGUAGE plpgsql`,
          )
          .execute(db);
        await sql
          .raw(
            `CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log ` +
              `FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`,
          )
          .execute(db);
      }
    },
  };
}
