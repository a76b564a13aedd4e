import type { SupportMessage } from './support.schemas';

/**
 * The support chat's websocket event. A trader receives it on the `user` channel; a visitor on
 * `supportVisitorChannel(visitorId)`; operators on the console's live feed. `unread` is what the
 * receiving trader has not read yet (the badge).
 */
export interface SupportMessageEvent {
  event: 'support.message';
  message: SupportMessage;
  unread: number;
}

/** A visitor's own channel: its name holds the visitor id, which only that browser knows. */
export const supportVisitorChannel = (visitorId: string) => `support.visitor.${visitorId}`;

/** What the console's live feed carries: a conversation changed (a message, a read, an assignment). */
export interface SupportConsoleEvent {
  event: 'support.conversation';
  conversationId: number;
  /** Set when the change was a new message. */
  messageId: number | null;
}
