import type { Kysely } from 'kysely';
import { addId, columnType, type MigrationContext } from './helpers';

/**
 * Custody and verification: uploaded images, the platform's currencies and chains, the users'
 * bound withdrawal addresses and own deposit addresses, deposits, withdrawals and verification
 * submissions; the withdrawal freeze on users (a login freeze is users.status 'frozen').
 */
export function custody({ dialect }: MigrationContext) {
  const int = columnType(dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('withdraw_frozen', int, (c) => c.notNull().defaultTo(0))
        .execute();

      // Re-encoded images behind the storage interface; the bytes live under DATA_DIR/uploads.
      await addId(db.schema.createTable('uploads'), dialect)
        .addColumn('owner_user_id', int, (c) => c.references('users.id'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull().unique())
        .addColumn('media_type', 'text', (c) => c.notNull())
        .addColumn('size', int, (c) => c.notNull())
        .addColumn('width', int, (c) => c.notNull())
        .addColumn('height', int, (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('uploads_owner').on('uploads').column('owner_user_id').execute();

      // What the platform accepts: one row per currency and chain (main network).
      await addId(db.schema.createTable('custody_chains'), dialect)
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('chain', 'text', (c) => c.notNull())
        /** Which address format the chain uses: evm, tron, bitcoin, solana, ... */
        .addColumn('address_format', 'text', (c) => c.notNull())
        .addColumn('deposit_address', 'text', (c) => c.notNull())
        .addColumn('deposit_enabled', int, (c) => c.notNull().defaultTo(1))
        .addColumn('withdraw_enabled', int, (c) => c.notNull().defaultTo(1))
        .addColumn('withdraw_fee', int, (c) => c.notNull())
        .addColumn('withdraw_min', int, (c) => c.notNull())
        /** Decimal places an amount may have on this chain (at most 8, the ledger's precision). */
        .addColumn('decimals', int, (c) => c.notNull().defaultTo(8))
        .addColumn('sort', int, (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', int, (c) => c.notNull())
        .addUniqueConstraint('custody_chains_unique', ['currency', 'chain'])
        .execute();

      // A user's bound withdrawal addresses.
      await addId(db.schema.createTable('user_wallets'), dialect)
        .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('chain', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('image_upload_id', int, (c) => c.references('uploads.id'))
        .addColumn('deleted_at', int)
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('user_wallets_user')
        .on('user_wallets')
        .column('user_id')
        .execute();

      // The addresses a user sends deposits from, per chain, so reviewers can match transfers.
      await addId(db.schema.createTable('user_deposit_addresses'), dialect)
        .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('chain', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .addUniqueConstraint('user_deposit_addresses_unique', ['user_id', 'currency', 'chain'])
        .execute();

      await addId(db.schema.createTable('deposits'), dialect)
        .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('chain', 'text', (c) => c.notNull())
        /** The platform address shown when the request was made. */
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('amount', int, (c) => c.notNull())
        .addColumn('image_upload_id', int, (c) => c.notNull().references('uploads.id'))
        .addColumn('tx_hash', 'text')
        /** pending, success, rejected. */
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('reviewed_by', int, (c) => c.references('operators.id'))
        .addColumn('reviewed_at', int)
        .addColumn('ledger_transaction_id', int)
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('deposits_user')
        .on('deposits')
        .columns(['user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('deposits_status')
        .on('deposits')
        .columns(['status', 'id'])
        .execute();

      await addId(db.schema.createTable('withdrawals'), dialect)
        .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
        .addColumn('wallet_id', int, (c) => c.notNull().references('user_wallets.id'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('chain', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('amount', int, (c) => c.notNull())
        .addColumn('fee', int, (c) => c.notNull())
        /** application, risk, packaging, completed, rejected, authFailed. */
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('tx_hash', 'text')
        .addColumn('reviewed_by', int, (c) => c.references('operators.id'))
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        /** When the steps risk and packaging were reached (the steps view shows the times). */
        .addColumn('risk_at', int)
        .addColumn('packaging_at', int)
        /** Completed, rejected or authFailed. */
        .addColumn('finished_at', int)
        /** The ledger transaction that paid it out (completed) or released the hold (refused). */
        .addColumn('ledger_transaction_id', int)
        .execute();
      await db.schema
        .createIndex('withdrawals_user')
        .on('withdrawals')
        .columns(['user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('withdrawals_status')
        .on('withdrawals')
        .columns(['status', 'id'])
        .execute();

      await addId(db.schema.createTable('kyc_submissions'), dialect)
        .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
        /** primary, identity (advanced by ID) or passport (advanced by passport). */
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('country', 'text')
        .addColumn('address', 'text')
        .addColumn('real_name', 'text')
        .addColumn('id_number', 'text')
        .addColumn('passport_number', 'text')
        .addColumn('front_upload_id', int, (c) => c.references('uploads.id'))
        .addColumn('back_upload_id', int, (c) => c.references('uploads.id'))
        /** certifying, verified, failed. */
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('reviewed_by', int, (c) => c.references('operators.id'))
        .addColumn('reviewed_at', int)
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('kyc_submissions_user')
        .on('kyc_submissions')
        .columns(['user_id', 'kind', 'id'])
        .execute();
      await db.schema
        .createIndex('kyc_submissions_status')
        .on('kyc_submissions')
        .columns(['status', 'id'])
        .execute();
    },
  };
}
