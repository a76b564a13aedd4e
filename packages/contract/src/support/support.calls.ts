import * as z from 'zod/mini';
import { defineCall } from '../call';
import { intParam, page, pageSize } from '../fields';
import { pageOf } from '../money/money.schemas';
import { UPLOAD_STORED_TYPE, type UploadFile } from '../images/images.schemas';
import {
  messageFields,
  supportMessage,
  supportServiceLink,
  supportUnread,
  visitorIdField,
  VISITOR_ID_PATTERN,
} from './support.schemas';

/**
 * Customer service (SPEC.md section 7 "Customer service"): the caller's conversation with the
 * support team. A signed-in trader's calls need no more than the appToken; a visitor sends the
 * `visitorId` the app keeps for the browser (login merges that conversation into the trader's).
 */

const who = { visitorId: visitorIdField() };

export const findMessageList = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/kefu/kefuApi/findMessageList',
  area: 'support',
  auth: 'optional',
  summary:
    "the caller's conversation, paged: page 1 is the newest pageSize messages; each page in time order (newest last)",
  input: z.object({ ...who, page: page(), pageSize: pageSize() }),
  output: pageOf(supportMessage),
});

export const findUserReadCount = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/kefu/kefuApi/findUserReadCount',
  area: 'support',
  auth: 'optional',
  summary: "support's messages the caller has not read yet",
  input: z.object(who),
  output: supportUnread,
});

export const updateUserRead = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/kefu/kefuApi/updateUserRead',
  area: 'support',
  auth: 'optional',
  summary: "marks support's messages read; answers the unread count (0)",
  input: z.object(who),
  output: supportUnread,
});

export const insertMessage = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/kefu/kefuApi/insertMessage',
  area: 'support',
  auth: 'optional',
  summary:
    'sends a message to customer service: content (plain text) and/or image; neither is refused (messageEmpty)',
  input: z.object({ ...who, ...messageFields() }),
  output: supportMessage,
  multipart: true,
});

export const findMessageImage = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/kefu/kefuApi/messageImage',
  area: 'support',
  auth: 'optional',
  summary: "the image of a message of the caller's own conversation (another's answers notFound)",
  input: z.object({ ...who, id: intParam(1) }),
  output: z.custom<UploadFile>(),
  produces: UPLOAD_STORED_TYPE,
  ours: true,
});

export const mergeVisitor = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/kefu/kefuApi/mergeVisitor',
  area: 'support',
  auth: 'user',
  summary:
    "after login: moves the browser's visitor conversation into the trader's own (nothing to move answers 0)",
  input: z.object({
    visitorId: z
      .string({ error: 'invalidInput' })
      .check(z.regex(VISITOR_ID_PATTERN, { error: 'invalidInput' })),
  }),
  output: z.object({ merged: z.number() }),
  ours: true,
});

export const findServiceLink = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/kefu/kefuApi/findServiceLink',
  area: 'support',
  auth: 'public',
  summary:
    'the configured online customer service URL when it is an https URL that answers 200, else null (the built-in chat)',
  input: z.object({}),
  output: supportServiceLink,
  ours: true,
});
