import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { supportCalls, type SupportMessage } from '@tidemark/contract';
import { useEffect } from 'react';
import { request } from '../../../api/client';
import { nextPageParam } from '../../../api/paging';
import { addMessage, supportKeys, useChatOwner, type MessagePage } from './support-queries';

/** The chat's own reads and writes (the home chat box loads them with its sheet). */

export const CHAT_PAGE_SIZE = 30;

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
