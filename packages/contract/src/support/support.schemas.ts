import * as z from 'zod/mini';
import type { ErrorKey } from '../errors';
import { optionalImageFile } from '../images/images.schemas';

/**
 * The support chat (issue 16): one conversation per trader (or per browser for a visitor) with
 * the support team. Message text is plain text: it is stored as typed and shown as text, never as
 * HTML, in both apps.
 */

/** Who wrote a message: the trader (or visitor) or the support team. */
export const SUPPORT_FROM = ['user', 'support'] as const;
export type SupportFrom = (typeof SUPPORT_FROM)[number];

/** A conversation is open until an operator closes it; a new message from the trader reopens it. */
export const SUPPORT_STATUSES = ['open', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** Longest message text, in characters (code points). */
export const SUPPORT_MESSAGE_MAX = 2000;

/**
 * How many messages one conversation may send in a window (per side), so a stuck key or a script
 * cannot flood the inbox; the refusal says how many seconds to wait.
 */
export const SUPPORT_RATE = { max: 8, windowMs: 20_000 } as const;

/**
 * A visitor's conversation key: random (at least 128 bits), made and kept by the app in the
 * browser, sent with the visitor's calls until login merges the conversation into the trader's.
 */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

const err = (key: ErrorKey) => ({ error: key });

/** A visitor id field: optional (a signed-in caller has their own conversation). */
/* @__NO_SIDE_EFFECTS__ */
export function visitorIdField() {
  return z.optional(
    z.string(err('invalidInput')).check(z.regex(VISITOR_ID_PATTERN, err('invalidInput'))),
  );
}

/**
 * Message text as typed: trimmed at the ends only; longer than SUPPORT_MESSAGE_MAX code points is
 * refused with the limit. Empty is allowed here: a message needs text or an image, which the
 * server decides (messageEmpty).
 */
/* @__NO_SIDE_EFFECTS__ */
export function messageText() {
  return z.pipe(
    z.optional(
      z.string(err('invalidInput')).check(
        z.trim(),
        z.refine((v) => [...v].length <= SUPPORT_MESSAGE_MAX, {
          error: 'messageTooLong',
          params: { max: SUPPORT_MESSAGE_MAX },
        }),
      ),
    ),
    z.transform((v: string | undefined) => v ?? ''),
  );
}

/** What insertMessage and the console's reply take: `content` and/or `image`. */
/* @__NO_SIDE_EFFECTS__ */
export function messageFields() {
  return { content: messageText(), image: optionalImageFile() };
}

/** One message of a conversation as the trader sees it. */
export const supportMessage = /* @__PURE__ */ z.object({
  id: z.number(),
  from: z.enum(SUPPORT_FROM),
  /** Plain text ('' for an image alone). */
  content: z.string(),
  /** Where the app fetches the image (with its token or visitor id); null for text alone. */
  imageUrl: z.nullable(z.string()),
  at: z.number(),
  /** Read by the other side: a trader's message by support, support's by the trader. */
  read: z.boolean(),
});
export type SupportMessage = z.output<typeof supportMessage>;

export const supportUnread = /* @__PURE__ */ z.object({ unread: z.number() });

/**
 * Where the app's "online service" leads: the configured external service (an https URL that
 * answered 200 when the server last checked it) or null for the built-in chat.
 */
export const supportServiceLink = /* @__PURE__ */ z.object({ externalUrl: z.nullable(z.string()) });

/**
 * The external service desk (`serviceUrl` of findConfigByKey) an admin may set: an https URL (or
 * http on this machine, for a local desk); '' leaves the built-in chat alone.
 */
export const SUPPORT_DESK_URL_MAX = 500;
export const SUPPORT_DESK_URL =
  /^(https:\/\/[^\s/?#]+|http:\/\/(localhost|127\.0\.0\.1)(:\d+)?)([/?#]\S*)?$/i;
