import type { Kysely } from 'kysely';
import { addId, columnType, type MigrationContext } from './helpers';

/**
 * Coin loans: products (score bands with terms), applications and loans with their own terms and
 * accepted agreement version, their images, overdue penalties (one per loan and day), and credit
 * scores stored with their inputs.
 */
export function loan({ dialect }: MigrationContext) {
  const int = columnType(dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await addId(db.schema.createTable('loan_products'), dialect)
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('min_amount', int, (c) => c.notNull())
        .addColumn('max_amount', int, (c) => c.notNull())
        .addColumn('cycle_days', int, (c) => c.notNull())
        .addColumn('daily_rate', int, (c) => c.notNull())
        .addColumn('overdue_rate', int, (c) => c.notNull())
        .addColumn('min_score', int, (c) => c.notNull())
        .addColumn('enabled', int, (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .execute();

      await addId(db.schema.createTable('credit_scores'), dialect)
        .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
        .addColumn('score', int, (c) => c.notNull())
        .addColumn('inputs_json', 'text', (c) => c.notNull())
        .addColumn('components_json', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('evaluated_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('credit_scores_user')
        .on('credit_scores')
        .columns(['user_id', 'id'])
        .execute();

      await addId(db.schema.createTable('loan_orders'), dialect)
        .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
        .addColumn('product_id', int, (c) => c.notNull().references('loan_products.id'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount', int, (c) => c.notNull())
        .addColumn('cycle_days', int, (c) => c.notNull())
        .addColumn('daily_rate', int, (c) => c.notNull())
        .addColumn('overdue_rate', int, (c) => c.notNull())
        .addColumn('interest', int, (c) => c.notNull())
        .addColumn('repay_total', int, (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('credit_score', int, (c) => c.notNull())
        .addColumn('score_id', int, (c) => c.notNull().references('credit_scores.id'))
        .addColumn('agreement_version', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('applied_at', int, (c) => c.notNull())
        .addColumn('decided_at', int)
        .addColumn('decided_by', int)
        .addColumn('due_at', int)
        .addColumn('penalty', int, (c) => c.notNull())
        .addColumn('penalty_days', int, (c) => c.notNull())
        .addColumn('repaid_at', int)
        .addColumn('repaid_amount', int)
        .addColumn('updated_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('loan_orders_user')
        .on('loan_orders')
        .columns(['user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('loan_orders_status')
        .on('loan_orders')
        .columns(['status', 'due_at'])
        .execute();

      await db.schema
        .createTable('loan_images')
        .addColumn('loan_id', int, (c) => c.notNull().references('loan_orders.id'))
        .addColumn('position', int, (c) => c.notNull())
        .addColumn('upload_id', int, (c) => c.notNull().references('uploads.id'))
        .addColumn('kind', 'text')
        .addPrimaryKeyConstraint('loan_images_pk', ['loan_id', 'position'])
        .execute();

      await db.schema
        .createTable('loan_penalties')
        .addColumn('loan_id', int, (c) => c.notNull().references('loan_orders.id'))
        .addColumn('day', int, (c) => c.notNull())
        .addColumn('amount', int, (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .addPrimaryKeyConstraint('loan_penalties_pk', ['loan_id', 'day'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of [
        'loan_penalties',
        'loan_images',
        'loan_orders',
        'credit_scores',
        'loan_products',
      ])
        await db.schema.dropTable(table).execute();
    },
  };
}
