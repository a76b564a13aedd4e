import * as z from 'zod/mini';
import { defineConsoleCall, OPERATOR_ROLES, type OperatorRole } from '../console/console.call';
import { recordId } from '../console/console.fields';
import { page, pageSize, requiredText } from '../fields';
import { LOAN_STATUSES } from '../loan/loan.schemas';
import { pageOf } from '../money/money.schemas';
import { VERIFICATION_STATES } from '../constants';
import {
  messageFields,
  SUPPORT_FROM,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_DESK_URL,
  SUPPORT_DESK_URL_MAX,
  SUPPORT_STATUSES,
} from './support.schemas';

/**
 * The operator's support inbox (ours, under /console/api): conversations with unread counts and
 * waiting time, replies with text and images, assignment, close and reopen, canned replies, and
 * the trader's summary beside the chat. Roles support and admin.
 */
const SUPPORT: readonly OperatorRole[] = ['admin', 'support'];

const operatorRef = /* @__PURE__ */ z.object({ id: z.number(), username: z.string() });

export const consoleSupportConversation = /* @__PURE__ */ z.object({
  id: z.number(),
  /** The trader; null for a visitor who has not logged in. */
  userId: z.nullable(z.number()),
  /** The trader's account (email or phone) or nickname; '' for a visitor. */
  account: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  assignedTo: z.nullable(operatorRef),
  /** The trader's messages support has not read. */
  unread: z.number(),
  /** When the oldest of the trader's messages since support's last reply was sent; null: none waits. */
  waitingSince: z.nullable(z.number()),
  lastMessage: z.nullable(
    z.object({
      from: z.enum(SUPPORT_FROM),
      content: z.string(),
      image: z.boolean(),
      at: z.number(),
    }),
  ),
  /** The trader's app has called findOnline lately. */
  online: z.boolean(),
  createdAt: z.number(),
});
export type ConsoleSupportConversation = z.output<typeof consoleSupportConversation>;

export const consoleSupportMessage = /* @__PURE__ */ z.object({
  id: z.number(),
  from: z.enum(SUPPORT_FROM),
  content: z.string(),
  /** The console's view of the image (GET /console/api/uploads/:id); null: text alone. */
  uploadId: z.nullable(z.number()),
  imageUrl: z.nullable(z.string()),
  at: z.number(),
  read: z.boolean(),
  /** The operator who answered (support's messages). */
  operator: z.nullable(z.string()),
});
export type ConsoleSupportMessage = z.output<typeof consoleSupportMessage>;

export const consoleSupportSummary = /* @__PURE__ */ z.object({
  conversation: consoleSupportConversation,
  /** Null for a visitor. */
  trader: z.nullable(
    z.object({
      userId: z.number(),
      account: z.string(),
      nickname: z.string(),
      verifyLevel: z.number(),
      primary: z.enum(VERIFICATION_STATES),
      advanced: z.enum(VERIFICATION_STATES),
      openWithdrawals: z.array(
        z.object({
          id: z.number(),
          currency: z.string(),
          amount: z.string(),
          status: z.string(),
          at: z.number(),
        }),
      ),
      /** The trader's open loans (applying, passed, overdue), newest first. */
      loans: z.array(
        z.object({
          id: z.number(),
          currency: z.string(),
          amount: z.string(),
          owed: z.string(),
          status: z.enum(LOAN_STATUSES),
          dueAt: z.nullable(z.number()),
        }),
      ),
      lastSeenAt: z.nullable(z.number()),
    }),
  ),
});

export const cannedReply = /* @__PURE__ */ z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  updatedAt: z.number(),
});
export type CannedReply = z.output<typeof cannedReply>;

const id = () => recordId();

export const listSupportConversations = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/support/conversations',
  roles: SUPPORT,
  summary:
    'conversations, those waiting longest first, then the latest; by status and "assigned to me"',
  input: z.object({
    status: z._default(z.enum([...SUPPORT_STATUSES, 'all'], { error: 'invalidInput' }), 'open'),
    mine: z.optional(z.enum(['true', 'false', '1', '0'], { error: 'invalidInput' })),
    page: page(),
    pageSize: pageSize(),
  }),
  output: pageOf(consoleSupportConversation),
});

export const supportConversation = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/support/conversations/:id',
  roles: SUPPORT,
  summary: "one conversation with the trader's summary (verification, open withdrawals, loans)",
  input: z.object({ id: id() }),
  output: consoleSupportSummary,
});

export const listSupportMessages = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/support/conversations/:id/messages',
  roles: SUPPORT,
  summary: "a conversation's messages, page 1 the newest, each page in time order (newest last)",
  input: z.object({ id: id(), page: page(), pageSize: pageSize() }),
  output: pageOf(consoleSupportMessage),
});

export const sendSupportMessage = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/support/conversations/:id/messages',
  roles: SUPPORT,
  summary: 'answers the trader: content (plain text) and/or image (multipart); delivered live',
  input: z.object({ id: id(), ...messageFields() }),
  output: consoleSupportMessage,
  audited: true,
});

export const readSupportConversation = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/support/conversations/:id/read',
  roles: SUPPORT,
  summary: "marks the trader's messages read by support",
  input: z.object({ id: id() }),
  output: consoleSupportConversation,
});

export const assignSupportConversation = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/support/conversations/:id/assign',
  roles: SUPPORT,
  summary: 'assigns the conversation to a support operator (or admin); none unassigns',
  input: z.object({ id: id(), operatorId: z.nullable(id()) }),
  output: consoleSupportConversation,
  audited: true,
});

export const setSupportConversationStatus = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/support/conversations/:id/status',
  roles: SUPPORT,
  summary: 'closes or reopens the conversation',
  input: z.object({ id: id(), status: z.enum(SUPPORT_STATUSES, { error: 'invalidInput' }) }),
  output: consoleSupportConversation,
  audited: true,
});

export const listSupportAgents = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/support/agents',
  roles: SUPPORT,
  summary: 'active operators who may take conversations (support and admin)',
  input: z.object({}),
  output: z.array(z.object({ id: z.number(), username: z.string(), role: z.enum(OPERATOR_ROLES) })),
});

export const listCannedReplies = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/support/canned',
  roles: SUPPORT,
  summary: 'the stored canned replies, by title',
  input: z.object({}),
  output: z.array(cannedReply),
});

export const saveCannedReply = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/support/canned',
  roles: SUPPORT,
  summary: 'adds a canned reply, or edits one (with id)',
  input: z.object({
    id: z.optional(id()),
    title: requiredText(80),
    body: requiredText(SUPPORT_MESSAGE_MAX * 4).check(
      z.refine((v) => [...v].length <= SUPPORT_MESSAGE_MAX, {
        error: 'messageTooLong',
        params: { max: SUPPORT_MESSAGE_MAX },
      }),
    ),
  }),
  output: cannedReply,
  audited: true,
});

export const deleteCannedReply = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/support/canned/:id/delete',
  roles: SUPPORT,
  summary: 'removes a canned reply',
  input: z.object({ id: id() }),
  output: z.object({ id: z.number() }),
  audited: true,
});

export const supportDesk = /* @__PURE__ */ z.object({
  /** The configured external desk; null: the built-in chat alone. */
  url: z.nullable(z.string()),
  /** Whether it answered 200 when the server last checked (then the app offers it); null: none. */
  answering: z.nullable(z.boolean()),
});

export const supportDeskSetting = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/support/desk',
  roles: SUPPORT,
  summary: 'the external service desk URL (serviceUrl) and whether it answers 200',
  input: z.object({}),
  output: supportDesk,
});

export const setSupportDesk = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/support/desk',
  roles: ['admin'],
  summary: "sets the external service desk URL (serviceUrl); '' leaves the built-in chat alone",
  input: z.object({
    url: z.string({ error: 'invalidInput' }).check(
      z.trim(),
      z.maxLength(SUPPORT_DESK_URL_MAX, { error: 'invalidInput' }),
      z.refine((v) => v === '' || SUPPORT_DESK_URL.test(v), { error: 'invalidInput' }),
    ),
  }),
  output: supportDesk,
  audited: true,
});
