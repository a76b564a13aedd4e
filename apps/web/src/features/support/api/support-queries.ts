import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  supportCalls,
  supportVisitorChannel,
  type CallOutput,
  type SupportMessage,
  type SupportMessageEvent,
  type UserEvent,
} from '@tidemark/contract';
import { useEffect } from 'react';
import { request } from '../../../api/client';
import { nextPageParam } from '../../../api/paging';
import { useSession } from '../../../api/session';
import { useChannel } from '../../../api/use-channel';
import { storedVisitorId, visitorId } from '../visitor';

type MessagePage = CallOutput<typeof supportCalls.findMessageList>;

export const CHAT_PAGE_SIZE = 30;

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

/** The conversation, page 1 the newest; `messages` in time order (newest last), each once. */
export function useChatMessages() {
  const { who, visitorId } = useChatOwner();
  const query = useInfiniteQuery({
    queryKey: supportKeys.messages(who ?? ''),
    queryFn: ({ pageParam }) =>
      request(
        supportCalls.findMessageList,
        { page: pageParam, pageSize: CHAT_PAGE_SIZE, ...(visitorId ? { visitorId } : {}) },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    staleTime: 0,
  });
  const seen = new Set<number>();
  const messages: SupportMessage[] = [];
  for (const page of [...(query.data?.pages ?? [])].reverse()) {
    for (const message of page.list) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
  }
  messages.sort((a, b) => a.id - b.id);
  return { ...query, messages };
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
function addMessage(
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

/** Sends a message (text and/or image); the answer joins the cached conversation at once. */
export function useSendMessage() {
  const client = useQueryClient();
  const { who, visitorId } = useChatOwner();
  return async (input: { content: string; image: File | undefined }) => {
    const message = await request(supportCalls.insertMessage, {
      content: input.content,
      ...(input.image ? { image: input.image } : {}),
      ...(visitorId ? { visitorId } : {}),
    });
    client.setQueryData<InfiniteData<MessagePage, number>>(supportKeys.messages(who ?? ''), (old) =>
      addMessage(old, message),
    );
    return message;
  };
}

/** Marks support's messages read while the chat is on screen and something is unread. */
export function useMarkRead(unread: number | undefined): void {
  const client = useQueryClient();
  const { who, visitorId } = useChatOwner();
  useEffect(() => {
    if (!unread) return;
    void request(supportCalls.updateUserRead, visitorId ? { visitorId } : {}, { quiet: true }).then(
      (answer) => client.setQueryData(supportKeys.unread(who ?? ''), answer),
      () => undefined,
    );
  }, [unread, who, visitorId, client]);
}

/** The external service desk when one is configured and answering, else null (built-in chat). */
export function useServiceLink() {
  return useQuery({
    queryKey: supportKeys.link,
    queryFn: () => request(supportCalls.findServiceLink, {}, { quiet: true }),
    staleTime: 60_000,
  });
}
