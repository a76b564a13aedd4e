import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import type {
  NewSupportConversationRow,
  NewSupportMessageRow,
  SupportCannedReplyRow,
  SupportConversationRow,
  SupportMessageRow,
} from './support.table';

/** Whose conversation: a trader's, or a visitor's browser (the hash of its visitor id). */
export type Owner = { userId: number } | { visitorId: string };

export function findConversation(
  db: Executor,
  owner: Owner,
): Promise<SupportConversationRow | undefined> {
  const q = db.selectFrom('support_conversations').selectAll();
  return (
    'userId' in owner
      ? q.where('user_id', '=', BigInt(owner.userId))
      : q.where('visitor_id', '=', owner.visitorId)
  ).executeTakeFirst();
}

export function conversationById(
  db: Executor,
  id: number,
): Promise<SupportConversationRow | undefined> {
  return db
    .selectFrom('support_conversations')
    .selectAll()
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
}

export async function insertConversation(
  db: Executor,
  row: NewSupportConversationRow,
): Promise<SupportConversationRow> {
  return db
    .insertInto('support_conversations')
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateConversation(
  db: Executor,
  id: bigint,
  patch: Partial<Omit<SupportConversationRow, 'id'>>,
): Promise<SupportConversationRow> {
  return db
    .updateTable('support_conversations')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteConversation(db: Executor, id: bigint) {
  return db.deleteFrom('support_conversations').where('id', '=', id).execute();
}

export function insertMessage(
  db: Executor,
  row: Omit<NewSupportMessageRow, 'read_at'>,
): Promise<SupportMessageRow> {
  return db
    .insertInto('support_messages')
    .values({ ...row, read_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function messageById(db: Executor, id: number): Promise<SupportMessageRow | undefined> {
  return db
    .selectFrom('support_messages')
    .selectAll()
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
}

export interface MessageWithOperator extends SupportMessageRow {
  operator_name: string | null;
}

/** Page `offset/limit` counted from the newest; answered oldest first (newest last). */
export async function messagePage(
  db: Executor,
  conversationId: bigint,
  page: { offset: number; limit: number },
): Promise<{ rows: MessageWithOperator[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('support_messages as m')
      .leftJoin('operators as o', 'o.id', 'm.operator_id')
      .selectAll('m')
      .select('o.username as operator_name')
      .where('m.conversation_id', '=', conversationId)
      .orderBy('m.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('support_messages')
      .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
      .where('conversation_id', '=', conversationId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.reverse(), total: Number(count.n) };
}

/** Marks the messages of one side read; answers how many were unread. */
export async function markRead(
  db: Executor,
  conversationId: bigint,
  sender: string,
  now: number,
): Promise<number> {
  const result = await db
    .updateTable('support_messages')
    .set({ read_at: BigInt(now) })
    .where('conversation_id', '=', conversationId)
    .where('sender', '=', sender)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Messages of one side since `since`, oldest first (the rate window). */
export async function recentTimes(
  db: Executor,
  conversationId: bigint,
  sender: string,
  since: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('support_messages')
    .select('created_at')
    .where('conversation_id', '=', conversationId)
    .where('sender', '=', sender)
    .where('created_at', '>', BigInt(since))
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => Number(r.created_at));
}

/** Moves every message of one conversation into another (a visitor's, at login). */
export async function moveMessages(db: Executor, from: bigint, to: bigint): Promise<number> {
  const result = await db
    .updateTable('support_messages')
    .set({ conversation_id: to })
    .where('conversation_id', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The counters of a conversation recomputed from its messages (after a merge). */
export async function countersOf(db: Executor, conversationId: bigint) {
  const row = await db
    .selectFrom('support_messages')
    .select([
      sql<string>`sum(case when sender = 'support' and read_at is null then 1 else 0 end)`.as(
        'user_unread',
      ),
      sql<string>`sum(case when sender = 'user' and read_at is null then 1 else 0 end)`.as(
        'support_unread',
      ),
      sql<string>`max(id)`.as('last_id'),
      sql<string>`max(created_at)`.as('last_at'),
      sql<string>`max(case when sender = 'support' then id else 0 end)`.as('last_support_id'),
    ])
    .where('conversation_id', '=', conversationId)
    .executeTakeFirstOrThrow();
  const waiting = await db
    .selectFrom('support_messages')
    .select((eb) => eb.fn.min('created_at').as('at'))
    .where('conversation_id', '=', conversationId)
    .where('sender', '=', 'user')
    .where('id', '>', BigInt(row.last_support_id ?? 0))
    .executeTakeFirst();
  return {
    user_unread: BigInt(row.user_unread ?? 0),
    support_unread: BigInt(row.support_unread ?? 0),
    last_message_id: row.last_id === null ? null : BigInt(row.last_id),
    last_message_at: row.last_at === null ? null : BigInt(row.last_at),
    waiting_since: waiting?.at === null || waiting?.at === undefined ? null : BigInt(waiting.at),
  };
}

export interface InboxRow extends SupportConversationRow {
  email: string | null;
  phone: string | null;
  area_code: string | null;
  nickname: string | null;
  last_seen_at: bigint | null;
  operator_name: string | null;
  last_sender: string | null;
  last_content: string | null;
  last_upload_id: bigint | null;
  last_created_at: bigint | null;
}

function inboxQuery(db: Executor) {
  return db
    .selectFrom('support_conversations as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('operators as o', 'o.id', 'c.assigned_operator_id')
    .leftJoin('support_messages as m', 'm.id', 'c.last_message_id')
    .selectAll('c')
    .select([
      'u.email',
      'u.phone',
      'u.area_code',
      'u.nickname',
      'u.last_seen_at',
      'o.username as operator_name',
      'm.sender as last_sender',
      'm.content as last_content',
      'm.upload_id as last_upload_id',
      'm.created_at as last_created_at',
    ]);
}

export function inboxRow(db: Executor, id: bigint): Promise<InboxRow | undefined> {
  return inboxQuery(db).where('c.id', '=', id).executeTakeFirst() as Promise<InboxRow | undefined>;
}

/** The inbox: waiting conversations first (longest wait first), then the latest activity. */
export async function inboxPage(
  db: Executor,
  filter: { status: string | null; operatorId: number | null },
  page: { offset: number; limit: number },
): Promise<{ rows: InboxRow[]; total: number }> {
  let list = inboxQuery(db);
  let count = db
    .selectFrom('support_conversations as c')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'));
  if (filter.status !== null) {
    list = list.where('c.status', '=', filter.status);
    count = count.where('c.status', '=', filter.status);
  }
  if (filter.operatorId !== null) {
    list = list.where('c.assigned_operator_id', '=', BigInt(filter.operatorId));
    count = count.where('c.assigned_operator_id', '=', BigInt(filter.operatorId));
  }
  const [rows, total] = await Promise.all([
    list
      .orderBy(sql`case when c.waiting_since is null then 1 else 0 end`)
      .orderBy('c.waiting_since', 'asc')
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as InboxRow[], total: Number(total.n) };
}

export function operatorById(db: Executor, id: number) {
  return db
    .selectFrom('operators')
    .select(['id', 'username', 'role', 'status'])
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
}

export function supportAgents(db: Executor) {
  return db
    .selectFrom('operators')
    .select(['id', 'username', 'role'])
    .where('status', '=', 'active')
    .where('role', 'in', ['admin', 'support'])
    .orderBy('username')
    .execute();
}

export function cannedReplies(db: Executor): Promise<SupportCannedReplyRow[]> {
  return db.selectFrom('support_canned_replies').selectAll().orderBy('title').execute();
}

export function cannedReply(db: Executor, id: number) {
  return db
    .selectFrom('support_canned_replies')
    .selectAll()
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
}

export function insertCanned(
  db: Executor,
  row: { title: string; body: string; updated_by: bigint; updated_at: bigint },
) {
  return db
    .insertInto('support_canned_replies')
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateCanned(
  db: Executor,
  id: number,
  patch: { title: string; body: string; updated_by: bigint; updated_at: bigint },
) {
  return db
    .updateTable('support_canned_replies')
    .set(patch)
    .where('id', '=', BigInt(id))
    .returningAll()
    .executeTakeFirst();
}

export function deleteCanned(db: Executor, id: number) {
  return db.deleteFrom('support_canned_replies').where('id', '=', BigInt(id)).executeTakeFirst();
}

export function traderRow(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['nickname', 'last_seen_at'])
    .where('id', '=', BigInt(userId))
    .executeTakeFirst();
}
