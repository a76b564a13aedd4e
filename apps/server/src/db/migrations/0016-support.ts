import type { Kysely } from 'kysely';
import { addId, columnType, type MigrationContext } from './helpers';

/**
 * The support chat: one conversation per trader (user_id) or per visitor's browser (its
 * visitor id), its messages (plain text and/or an upload), and the operators' canned replies.
 * The conversation keeps its counters (unread on each side, since when the trader waits) so the
 * inbox reads one row per conversation.
 */
export function support({ dialect }: MigrationContext) {
  const int = columnType(dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await addId(db.schema.createTable('support_conversations'), dialect)
        .addColumn('user_id', int, (c) => c.unique().references('users.id'))
        .addColumn('visitor_id', 'text', (c) => c.unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('assigned_operator_id', int, (c) => c.references('operators.id'))
        .addColumn('user_unread', int, (c) => c.notNull())
        .addColumn('support_unread', int, (c) => c.notNull())
        .addColumn('waiting_since', int)
        .addColumn('last_message_id', int)
        .addColumn('last_message_at', int, (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('support_conversations_inbox')
        .on('support_conversations')
        .columns(['status', 'last_message_at'])
        .execute();

      await addId(db.schema.createTable('support_messages'), dialect)
        .addColumn('conversation_id', int, (c) =>
          c.notNull().references('support_conversations.id'),
        )
        .addColumn('sender', 'text', (c) => c.notNull())
        .addColumn('operator_id', int, (c) => c.references('operators.id'))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('upload_id', int, (c) => c.references('uploads.id'))
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('read_at', int)
        .execute();
      await db.schema
        .createIndex('support_messages_conversation')
        .on('support_messages')
        .columns(['conversation_id', 'id'])
        .execute();

      await addId(db.schema.createTable('support_canned_replies'), dialect)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('updated_by', int, (c) => c.references('operators.id'))
        .addColumn('updated_at', int, (c) => c.notNull())
        .execute();
    },
  };
}
