import type { Generated, Insertable, Selectable } from 'kysely';

/** A trader's (user_id) or a visitor's (visitor_id) conversation with support. */
export interface SupportConversationTable {
  id: Generated<bigint>;
  user_id: bigint | null;
  /**
   * The visitor id the browser keeps (null for a trader's). Kept as sent, not hashed: replies are
   * pushed to the visitor's channel, which is named by it; it grants this chat and nothing else.
   */
  visitor_id: string | null;
  /** open | closed. */
  status: string;
  assigned_operator_id: bigint | null;
  /** Support's messages the trader has not read. */
  user_unread: bigint;
  /** The trader's messages support has not read. */
  support_unread: bigint;
  /** The trader's oldest message since support last answered; null when nothing waits. */
  waiting_since: bigint | null;
  last_message_id: bigint | null;
  last_message_at: bigint;
  created_at: bigint;
  updated_at: bigint;
}

/** One message: plain text (possibly '') and/or an uploaded image. */
export interface SupportMessageTable {
  id: Generated<bigint>;
  conversation_id: bigint;
  /** user | support. */
  sender: string;
  operator_id: bigint | null;
  content: string;
  upload_id: bigint | null;
  created_at: bigint;
  /** When the other side read it. */
  read_at: bigint | null;
}

export interface SupportCannedReplyTable {
  id: Generated<bigint>;
  title: string;
  body: string;
  updated_by: bigint | null;
  updated_at: bigint;
}

export type SupportConversationRow = Selectable<SupportConversationTable>;
export type NewSupportConversationRow = Insertable<SupportConversationTable>;
export type SupportMessageRow = Selectable<SupportMessageTable>;
export type NewSupportMessageRow = Insertable<SupportMessageTable>;
export type SupportCannedReplyRow = Selectable<SupportCannedReplyTable>;
