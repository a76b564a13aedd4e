import {
  SUPPORT_RATE,
  supportVisitorChannel,
  type ConsoleSupportConversation,
  type ConsoleSupportMessage,
  type SupportConsoleEvent,
  type SupportFrom,
  type SupportMessage,
  type SupportMessageEvent,
  type SupportStatus,
} from '@tidemark/contract';
import { inTransaction, type Trx } from '../../db/database';
import type { AppContext, RequestContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { userChannel } from '../../realtime/hub';
import { audit, type Actor } from '../console/console.audit';
import * as images from '../images/images.service';
import * as repo from './support.repository';
import type { Owner } from './support.repository';
import type { SupportConversationRow, SupportMessageRow } from './support.table';

/** Where the console's live feed of the inbox is published (operators join it, see support.live). */
export const SUPPORT_CONSOLE_CHANNEL = 'console:support';

/** A trader counts as online when their app's findOnline heartbeat was seen this recently. */
export const ONLINE_WINDOW_MS = 90_000;

/**
 * How many new visitor conversations one address may open per window: a visitor id is free to
 * make, so without it a script could fill the inbox. Counted in this process (a scaled-out
 * deployment multiplies it by the number of processes).
 */
export const VISITOR_CONVERSATIONS = { max: 5, windowMs: 60 * 60_000 } as const;

const visitorStarts = new WeakMap<AppContext, Map<string, number[]>>();

function refuseVisitorFlood(app: AppContext, ip: string): void {
  let byIp = visitorStarts.get(app);
  if (!byIp) visitorStarts.set(app, (byIp = new Map()));
  const now = app.clock.now();
  const recent = (byIp.get(ip) ?? []).filter((at) => at > now - VISITOR_CONVERSATIONS.windowMs);
  if (recent.length >= VISITOR_CONVERSATIONS.max) {
    const minutes = Math.max(
      1,
      Math.ceil(((recent[0] ?? now) + VISITOR_CONVERSATIONS.windowMs - now) / 60_000),
    );
    throw new DomainError('tooManyWaitMinutes', { minutes });
  }
  recent.push(now);
  byIp.set(ip, recent);
  // Addresses seen long ago are forgotten, so the map does not grow without end.
  if (byIp.size > 10_000) {
    for (const [key, times] of byIp) {
      if (!times.some((at) => at > now - VISITOR_CONVERSATIONS.windowMs)) byIp.delete(key);
    }
  }
}

/** The caller's conversation owner: the signed-in trader, else the visitor id the app sent. */
export function ownerOf(ctx: RequestContext, visitorId: string | undefined): Owner {
  if (ctx.user) return { userId: ctx.user.id };
  if (visitorId) return { visitorId };
  throw new DomainError('notLoggedIn');
}

export interface MessageInput {
  content: string;
  image?: unknown;
}

function imageUrlFor(row: SupportMessageRow): string | null {
  return row.upload_id === null ? null : `/kefu/kefuApi/messageImage?id=${row.id}`;
}

/** A message as the trader sees it. */
export function toMessage(row: SupportMessageRow): SupportMessage {
  return {
    id: Number(row.id),
    from: row.sender as SupportFrom,
    content: row.content,
    imageUrl: imageUrlFor(row),
    at: Number(row.created_at),
    read: row.read_at !== null,
  };
}

/** A message as the console sees it. */
export function toConsoleMessage(
  row: SupportMessageRow & { operator_name?: string | null },
): ConsoleSupportMessage {
  return {
    ...toMessage(row),
    uploadId: row.upload_id === null ? null : Number(row.upload_id),
    imageUrl: row.upload_id === null ? null : `/console/api/uploads/${row.upload_id}`,
    operator: row.operator_name ?? null,
  };
}

function emptyPage(page: number, pageSize: number) {
  return { list: [], total: 0, page, pageSize };
}

/** The caller's messages, page 1 the newest, each page in time order. */
export async function messages(
  app: AppContext,
  owner: Owner,
  query: { page: number; pageSize: number },
) {
  const conversation = await repo.findConversation(app.db, owner);
  if (!conversation) return emptyPage(query.page, query.pageSize);
  const { rows, total } = await repo.messagePage(app.db, conversation.id, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { list: rows.map(toMessage), total, page: query.page, pageSize: query.pageSize };
}

export async function unread(app: AppContext, owner: Owner): Promise<{ unread: number }> {
  const conversation = await repo.findConversation(app.db, owner);
  return { unread: conversation ? Number(conversation.user_unread) : 0 };
}

/** The trader has read support's messages. */
export async function markReadByUser(app: AppContext, owner: Owner): Promise<{ unread: number }> {
  const conversation = await repo.findConversation(app.db, owner);
  if (!conversation || conversation.user_unread === 0n) return { unread: 0 };
  await inTransaction(app.db, async (trx) => {
    await repo.markRead(trx, conversation.id, 'support', app.clock.now());
    await repo.updateConversation(trx, conversation.id, { user_unread: 0n });
  });
  publishConsole(app, conversation.id, null);
  return { unread: 0 };
}

/** A message needs text or an image; a longer text than the limit is refused by the contract. */
function refuseEmpty(input: MessageInput): void {
  if (input.content === '' && input.image === undefined) throw new DomainError('messageEmpty');
}

/** At most SUPPORT_RATE.max messages per side and conversation in SUPPORT_RATE.windowMs. */
async function refuseFlood(
  app: AppContext,
  trx: Trx,
  conversationId: bigint,
  sender: SupportFrom,
): Promise<void> {
  const now = app.clock.now();
  const times = await repo.recentTimes(trx, conversationId, sender, now - SUPPORT_RATE.windowMs);
  if (times.length < SUPPORT_RATE.max) return;
  const oldest = times[times.length - SUPPORT_RATE.max] ?? now;
  const seconds = Math.max(1, Math.ceil((oldest + SUPPORT_RATE.windowMs - now) / 1000));
  throw new DomainError('tooManyWaitSeconds', { seconds });
}

async function conversationOf(
  app: AppContext,
  trx: Trx,
  owner: Owner,
): Promise<SupportConversationRow> {
  const existing = await repo.findConversation(trx, owner);
  if (existing) return existing;
  const now = BigInt(app.clock.now());
  return repo.insertConversation(trx, {
    user_id: 'userId' in owner ? BigInt(owner.userId) : null,
    visitor_id: 'visitorId' in owner ? owner.visitorId : null,
    status: 'open',
    assigned_operator_id: null,
    user_unread: 0n,
    support_unread: 0n,
    waiting_since: null,
    last_message_id: null,
    last_message_at: now,
    created_at: now,
    updated_at: now,
  });
}

/** Publishes a message to its trader (or visitor) with their unread count. */
function publishToTrader(
  app: AppContext,
  conversation: SupportConversationRow,
  message: SupportMessageRow,
): void {
  const data: SupportMessageEvent = {
    event: 'support.message',
    message: toMessage(message),
    unread: Number(conversation.user_unread),
  };
  if (conversation.user_id !== null) {
    app.bus.publish(userChannel(Number(conversation.user_id)), data);
  } else if (conversation.visitor_id !== null) {
    app.bus.publish(supportVisitorChannel(conversation.visitor_id), data);
  }
}

function publishConsole(app: AppContext, conversationId: bigint, messageId: bigint | null): void {
  const data: SupportConsoleEvent = {
    event: 'support.conversation',
    conversationId: Number(conversationId),
    messageId: messageId === null ? null : Number(messageId),
  };
  app.bus.publish(SUPPORT_CONSOLE_CHANNEL, data);
}

/**
 * The trader (or visitor) writes to support: text and/or an image (through the upload pipeline,
 * re-encoded). Reopens a closed conversation; support sees it waiting from now.
 */
export async function sendFromTrader(
  app: AppContext,
  owner: Owner,
  input: MessageInput,
  ip: string,
): Promise<SupportMessage> {
  refuseEmpty(input);
  if ('visitorId' in owner && !(await repo.findConversation(app.db, owner))) {
    refuseVisitorFlood(app, ip);
  }
  const prepared =
    input.image === undefined ? [] : [await images.prepareImage(app, input.image, 'support')];
  const { conversation, message } = await images.withStoredImages(app, prepared, () =>
    inTransaction(app.db, async (trx) => {
      const conversation = await conversationOf(app, trx, owner);
      await refuseFlood(app, trx, conversation.id, 'user');
      const uploadId = prepared[0]
        ? await images.insertUpload(app, trx, 'userId' in owner ? owner.userId : null, prepared[0])
        : null;
      const now = BigInt(app.clock.now());
      const message = await repo.insertMessage(trx, {
        conversation_id: conversation.id,
        sender: 'user',
        operator_id: null,
        content: input.content,
        upload_id: uploadId === null ? null : BigInt(uploadId),
        created_at: now,
      });
      const updated = await repo.updateConversation(trx, conversation.id, {
        status: 'open',
        support_unread: conversation.support_unread + 1n,
        waiting_since: conversation.waiting_since ?? now,
        last_message_id: message.id,
        last_message_at: now,
        updated_at: now,
      });
      return { conversation: updated, message };
    }),
  );
  // The trader's other tabs (and the home chat box) show it too.
  publishToTrader(app, conversation, message);
  publishConsole(app, conversation.id, message.id);
  return toMessage(message);
}

/** Support answers: text and/or an image; the trader's messages count as read; audited. */
export async function sendFromSupport(
  app: AppContext,
  actor: Actor,
  conversationId: number,
  input: MessageInput,
): Promise<ConsoleSupportMessage> {
  refuseEmpty(input);
  if (!(await repo.conversationById(app.db, conversationId))) throw new DomainError('notFound');
  const prepared =
    input.image === undefined ? [] : [await images.prepareImage(app, input.image, 'support')];
  const { conversation, message } = await images.withStoredImages(app, prepared, () =>
    inTransaction(app.db, async (trx) => {
      const conversation = await repo.conversationById(trx, conversationId);
      if (!conversation) throw new DomainError('notFound');
      await refuseFlood(app, trx, conversation.id, 'support');
      const uploadId = prepared[0] ? await images.insertUpload(app, trx, null, prepared[0]) : null;
      const now = app.clock.now();
      await repo.markRead(trx, conversation.id, 'user', now);
      const message = await repo.insertMessage(trx, {
        conversation_id: conversation.id,
        sender: 'support',
        operator_id: BigInt(actor.operatorId),
        content: input.content,
        upload_id: uploadId === null ? null : BigInt(uploadId),
        created_at: BigInt(now),
      });
      const updated = await repo.updateConversation(trx, conversation.id, {
        user_unread: conversation.user_unread + 1n,
        support_unread: 0n,
        waiting_since: null,
        // The one who answers takes an unassigned conversation.
        assigned_operator_id: conversation.assigned_operator_id ?? BigInt(actor.operatorId),
        last_message_id: message.id,
        last_message_at: BigInt(now),
        updated_at: BigInt(now),
      });
      await audit(app, trx, actor, {
        action: 'support.reply',
        targetType: 'supportConversation',
        targetId: Number(conversation.id),
        after: {
          messageId: Number(message.id),
          image: uploadId !== null,
          length: input.content.length,
        },
      });
      return { conversation: updated, message };
    }),
  );
  publishToTrader(app, conversation, message);
  publishConsole(app, conversation.id, message.id);
  const operator = await repo.operatorById(app.db, actor.operatorId);
  return toConsoleMessage({ ...message, operator_name: operator?.username ?? null });
}

/**
 * After login: the browser's visitor conversation joins the trader's own (its messages move, in
 * time order by id; the counters are recomputed) and the visitor conversation goes.
 */
export async function mergeVisitor(
  app: AppContext,
  userId: number,
  visitorId: string,
): Promise<{ merged: number }> {
  const result = await inTransaction(app.db, async (trx) => {
    const visitor = await repo.findConversation(trx, { visitorId });
    if (!visitor) return null;
    const target = await conversationOf(app, trx, { userId });
    const merged = await repo.moveMessages(trx, visitor.id, target.id);
    await repo.deleteConversation(trx, visitor.id);
    const counters = await repo.countersOf(trx, target.id);
    await repo.updateConversation(trx, target.id, {
      user_unread: counters.user_unread,
      support_unread: counters.support_unread,
      waiting_since: counters.waiting_since,
      last_message_id: counters.last_message_id,
      last_message_at: counters.last_message_at ?? target.last_message_at,
      assigned_operator_id: target.assigned_operator_id ?? visitor.assigned_operator_id,
      status: visitor.status === 'open' ? 'open' : target.status,
      updated_at: BigInt(app.clock.now()),
    });
    return { merged, targetId: target.id, visitorConversation: visitor.id };
  });
  if (!result) return { merged: 0 };
  publishConsole(app, result.visitorConversation, null);
  publishConsole(app, result.targetId, null);
  return { merged: result.merged };
}

/** The image of a message in the caller's own conversation. */
export async function messageImage(app: AppContext, owner: Owner, messageId: number) {
  const [conversation, message] = await Promise.all([
    repo.findConversation(app.db, owner),
    repo.messageById(app.db, messageId),
  ]);
  if (
    !conversation ||
    !message ||
    message.conversation_id !== conversation.id ||
    message.upload_id === null
  ) {
    throw new DomainError('notFound');
  }
  return (await images.readUpload(app, Number(message.upload_id))).bytes;
}

// --- console -------------------------------------------------------------------------------------

function accountOf(row: repo.InboxRow): string {
  if (row.email) return row.email;
  if (row.phone) return `+${row.area_code ?? ''} ${row.phone}`;
  return row.nickname ?? '';
}

export function toConversation(app: AppContext, row: repo.InboxRow): ConsoleSupportConversation {
  return {
    id: Number(row.id),
    userId: row.user_id === null ? null : Number(row.user_id),
    account: row.user_id === null ? '' : accountOf(row),
    status: row.status as SupportStatus,
    assignedTo:
      row.assigned_operator_id === null
        ? null
        : { id: Number(row.assigned_operator_id), username: row.operator_name ?? '' },
    unread: Number(row.support_unread),
    waitingSince: row.waiting_since === null ? null : Number(row.waiting_since),
    lastMessage:
      row.last_sender === null || row.last_created_at === null
        ? null
        : {
            from: row.last_sender as SupportFrom,
            content: row.last_content ?? '',
            image: row.last_upload_id !== null,
            at: Number(row.last_created_at),
          },
    online:
      row.last_seen_at !== null && Number(row.last_seen_at) >= app.clock.now() - ONLINE_WINDOW_MS,
    createdAt: Number(row.created_at),
  };
}

export async function consoleConversation(
  app: AppContext,
  id: number,
): Promise<ConsoleSupportConversation> {
  const row = await repo.inboxRow(app.db, BigInt(id));
  if (!row) throw new DomainError('notFound');
  return toConversation(app, row);
}

export async function inbox(
  app: AppContext,
  query: {
    status: SupportStatus | 'all';
    operatorId: number | null;
    page: number;
    pageSize: number;
  },
) {
  const { rows, total } = await repo.inboxPage(
    app.db,
    { status: query.status === 'all' ? null : query.status, operatorId: query.operatorId },
    { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
  );
  return {
    list: rows.map((r) => toConversation(app, r)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function consoleMessages(
  app: AppContext,
  id: number,
  query: { page: number; pageSize: number },
) {
  const conversation = await repo.conversationById(app.db, id);
  if (!conversation) throw new DomainError('notFound');
  const { rows, total } = await repo.messagePage(app.db, conversation.id, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { list: rows.map(toConsoleMessage), total, page: query.page, pageSize: query.pageSize };
}

export async function markReadBySupport(app: AppContext, id: number) {
  const conversation = await repo.conversationById(app.db, id);
  if (!conversation) throw new DomainError('notFound');
  if (conversation.support_unread > 0n) {
    await inTransaction(app.db, async (trx) => {
      await repo.markRead(trx, conversation.id, 'user', app.clock.now());
      await repo.updateConversation(trx, conversation.id, { support_unread: 0n });
    });
    publishConsole(app, conversation.id, null);
  }
  return consoleConversation(app, id);
}

export async function assign(
  app: AppContext,
  actor: Actor,
  id: number,
  operatorId: number | null,
): Promise<ConsoleSupportConversation> {
  if (operatorId !== null) {
    const operator = await repo.operatorById(app.db, operatorId);
    if (
      !operator ||
      operator.status !== 'active' ||
      (operator.role !== 'support' && operator.role !== 'admin')
    ) {
      throw new DomainError('supportAgentInvalid');
    }
  }
  await inTransaction(app.db, async (trx) => {
    const conversation = await repo.conversationById(trx, id);
    if (!conversation) throw new DomainError('notFound');
    const before = conversation.assigned_operator_id;
    await repo.updateConversation(trx, conversation.id, {
      assigned_operator_id: operatorId === null ? null : BigInt(operatorId),
      updated_at: BigInt(app.clock.now()),
    });
    await audit(app, trx, actor, {
      action: 'support.assign',
      targetType: 'supportConversation',
      targetId: id,
      before: { operatorId: before === null ? null : Number(before) },
      after: { operatorId },
    });
  });
  publishConsole(app, BigInt(id), null);
  return consoleConversation(app, id);
}

export async function setStatus(
  app: AppContext,
  actor: Actor,
  id: number,
  status: SupportStatus,
): Promise<ConsoleSupportConversation> {
  await inTransaction(app.db, async (trx) => {
    const conversation = await repo.conversationById(trx, id);
    if (!conversation) throw new DomainError('notFound');
    if (conversation.status === status) return;
    await repo.updateConversation(trx, conversation.id, {
      status,
      updated_at: BigInt(app.clock.now()),
    });
    await audit(app, trx, actor, {
      action: status === 'closed' ? 'support.close' : 'support.reopen',
      targetType: 'supportConversation',
      targetId: id,
      before: { status: conversation.status },
      after: { status },
    });
  });
  publishConsole(app, BigInt(id), null);
  return consoleConversation(app, id);
}

export async function agents(app: AppContext) {
  const rows = await repo.supportAgents(app.db);
  return rows.map((r) => ({
    id: Number(r.id),
    username: r.username,
    role: r.role as 'admin' | 'support',
  }));
}

function toCanned(row: { id: bigint; title: string; body: string; updated_at: bigint }) {
  return {
    id: Number(row.id),
    title: row.title,
    body: row.body,
    updatedAt: Number(row.updated_at),
  };
}

export async function canned(app: AppContext) {
  return (await repo.cannedReplies(app.db)).map(toCanned);
}

export async function saveCanned(
  app: AppContext,
  actor: Actor,
  input: { id?: number | undefined; title: string; body: string },
) {
  return inTransaction(app.db, async (trx) => {
    const values = {
      title: input.title,
      body: input.body,
      updated_by: BigInt(actor.operatorId),
      updated_at: BigInt(app.clock.now()),
    };
    const before = input.id === undefined ? undefined : await repo.cannedReply(trx, input.id);
    if (input.id !== undefined && !before) throw new DomainError('notFound');
    const row =
      input.id === undefined
        ? await repo.insertCanned(trx, values)
        : await repo.updateCanned(trx, input.id, values);
    if (!row) throw new DomainError('notFound');
    await audit(app, trx, actor, {
      action: 'support.cannedSave',
      targetType: 'cannedReply',
      targetId: Number(row.id),
      before: before ? { title: before.title, body: before.body } : undefined,
      after: { title: row.title, body: row.body },
    });
    return toCanned(row);
  });
}

export async function deleteCanned(app: AppContext, actor: Actor, id: number) {
  return inTransaction(app.db, async (trx) => {
    const before = await repo.cannedReply(trx, id);
    if (!before) throw new DomainError('notFound');
    await repo.deleteCanned(trx, id);
    await audit(app, trx, actor, {
      action: 'support.cannedDelete',
      targetType: 'cannedReply',
      targetId: id,
      before: { title: before.title, body: before.body },
    });
    return { id };
  });
}

export async function traderProfile(app: AppContext, userId: number) {
  const row = await repo.traderRow(app.db, userId);
  return {
    nickname: row?.nickname ?? '',
    lastSeenAt:
      row?.last_seen_at === null || row?.last_seen_at === undefined
        ? null
        : Number(row.last_seen_at),
  };
}
