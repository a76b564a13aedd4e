import { useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  supportCalls,
  supportVisitorChannel,
  type CallOutput,
  type SupportMessage,
  type SupportMessageEvent,
  type UserEvent,
} from '@tidemark/contract';
import { request } from '../../../api/client';
import { useSession } from '../../../api/session';
import { useChannel } from '../../../api/use-channel';
import { storedVisitorId, visitorId } from '../visitor';

export type MessagePage = CallOutput<typeof supportCalls.findMessageList>;

/** Query keys of the chat: one conversation per session (or per visitor). */
export const supportKeys = {
  all: ['support'] as const,
  messages: (who: string) => ['support', 'messages', who] as const,
  unread: (who: string) => ['support', 'unread', who] as const,
  link: ['support', 'link'] as const,
};

/**
 * Who the chat belongs to: the session's trader, or this browser's visitor. Only the chat itself
 * makes a visitor id (`create`); the badge and the live feed use one the browser already has, so a
 * visitor who never chats makes none. `who` is null when there is nobody to ask about.
 */
export function useChatOwner(create = true): { who: string | null; visitorId: string | undefined } {
  const token = useSession((s) => s.token);
  if (token) return { who: `user:${token}`, visitorId: undefined };
  const id = create ? visitorId() : storedVisitorId();
  return id ? { who: `visitor:${id}`, visitorId: id } : { who: null, visitorId: undefined };
}

/** Support's messages not read yet (the badge on the home chat box). */
export function useChatUnread() {
  const { who, visitorId } = useChatOwner(false);
  return useQuery({
    queryKey: supportKeys.unread(who ?? ''),
    enabled: who !== null,
    queryFn: () =>
      request(supportCalls.findUserReadCount, visitorId ? { visitorId } : {}, { quiet: true }),
    staleTime: 30_000,
  });
}

/** Adds a message to the first page of the cached conversation (live, or just sent). */
export function addMessage(
  data: InfiniteData<MessagePage, number> | undefined,
  message: SupportMessage,
): InfiniteData<MessagePage, number> | undefined {
  if (!data) return data;
  if (data.pages.some((p) => p.list.some((m) => m.id === message.id))) {
    return {
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        list: p.list.map((m) => (m.id === message.id ? message : m)),
      })),
    };
  }
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return {
    ...data,
    pages: [{ ...first, list: [...first.list, message], total: first.total + 1 }, ...rest],
  };
}

/** Keeps the chat live: support's answers arrive over the socket (user or visitor channel). */
export function useChatLive(): void {
  const client = useQueryClient();
  const { who, visitorId } = useChatOwner(false);
  const onEvent = (data: UserEvent) => {
    if (data.event !== 'support.message' || who === null) return;
    const event = data as SupportMessageEvent;
    client.setQueryData<InfiniteData<MessagePage, number>>(supportKeys.messages(who), (old) =>
      addMessage(old, event.message),
    );
    client.setQueryData(supportKeys.unread(who), { unread: event.unread });
  };
  useChannel(who === null || visitorId ? null : 'user', onEvent);
  useChannel(
    visitorId ? (supportVisitorChannel(visitorId) as `support.visitor.${string}`) : null,
    onEvent,
  );
}

/** The external service desk when one is configured and answering, else null (built-in chat). */
export function useServiceLink() {
  return useQuery({
    queryKey: supportKeys.link,
    queryFn: () => request(supportCalls.findServiceLink, {}, { quiet: true }),
    staleTime: 60_000,
  });
}
