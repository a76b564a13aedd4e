import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fillPath,
  isEnvelope,
  STATUS_OK,
  supportConsoleCalls as sc,
  type ConsoleCallOutput,
  type ConsoleSupportMessage,
  type Envelope,
} from '@tidemark/contract';
import { useEffect } from 'react';
import { useCallMutation } from '../../api/call-hooks';
import { ApiError, answerError, NetworkError, request } from '../../api/client';
import { STALE } from '../../api/query-client';
import { currentToken, useToken } from '../../api/session';

/** Query keys of the support inbox; a live event refreshes all of them. */
export const supportKeys = {
  all: ['support'] as const,
  inbox: (status: string, mine: boolean, page: number) =>
    ['support', 'inbox', status, mine, page] as const,
  summary: (id: number) => ['support', 'summary', id] as const,
  messages: (id: number) => ['support', 'messages', id] as const,
  canned: ['support', 'canned'] as const,
  agents: ['support', 'agents'] as const,
};

export const MESSAGE_PAGE_SIZE = 100;

export function useInbox(status: 'open' | 'closed' | 'all', mine: boolean, page: number) {
  return useQuery({
    queryKey: supportKeys.inbox(status, mine, page),
    queryFn: () =>
      request(sc.listSupportConversations, {
        status,
        ...(mine ? { mine: 'true' as const } : {}),
        page,
        pageSize: 20,
      }),
    staleTime: STALE.queue,
    // The live feed refreshes it; this only covers a feed that could not connect.
    refetchInterval: 60_000,
  });
}

export function useConversationSummary(id: number | null) {
  return useQuery({
    queryKey: supportKeys.summary(id ?? 0),
    queryFn: () => request(sc.supportConversation, { id: id ?? 0 }),
    enabled: id !== null,
    staleTime: STALE.queue,
  });
}

/**
 * The conversation's messages, MESSAGE_PAGE_SIZE a page from the newest; `messages` in time order
 * (newest last), each once, with earlier pages loaded on demand.
 */
export function useConversationMessages(id: number | null) {
  const query = useInfiniteQuery({
    queryKey: supportKeys.messages(id ?? 0),
    queryFn: ({ pageParam }) =>
      request(sc.listSupportMessages, {
        id: id ?? 0,
        page: pageParam,
        pageSize: MESSAGE_PAGE_SIZE,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    enabled: id !== null,
    staleTime: STALE.queue,
  });
  const byId = new Map<number, ConsoleSupportMessage>();
  for (const page of query.data?.pages ?? []) for (const m of page.list) byId.set(m.id, m);
  const messages = [...byId.values()].sort((a, b) => a.id - b.id);
  return { ...query, messages };
}

export function useCannedReplies() {
  return useQuery({
    queryKey: supportKeys.canned,
    queryFn: () => request(sc.listCannedReplies, {}),
    staleTime: STALE.reference,
  });
}

export function useSupportAgents() {
  return useQuery({
    queryKey: supportKeys.agents,
    queryFn: () => request(sc.listSupportAgents, {}),
    staleTime: STALE.reference,
  });
}

export const useAssign = () => useCallMutation(sc.assignSupportConversation, [supportKeys.all]);
export const useSetStatus = () =>
  useCallMutation(sc.setSupportConversationStatus, [supportKeys.all]);
export const useMarkRead = () => useCallMutation(sc.readSupportConversation, [supportKeys.all]);
export const useSaveCanned = () => useCallMutation(sc.saveCannedReply, [supportKeys.canned]);
export const useDeleteCanned = () => useCallMutation(sc.deleteCannedReply, [supportKeys.canned]);

/**
 * Sends a reply: multipart, since it may carry a picture (the operator API takes JSON otherwise).
 * Text is sent as typed; the server stores and both apps show it as text.
 */
export async function sendReply(
  id: number,
  content: string,
  image: File | null,
): Promise<ConsoleCallOutput<typeof sc.sendSupportMessage>> {
  const { url } = fillPath(sc.sendSupportMessage.path, { id });
  const form = new FormData();
  form.set('content', content);
  if (image) form.set('image', image, image.name);
  const headers: Record<string, string> = {};
  const token = currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body: form });
  } catch (error) {
    throw new NetworkError(error);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!isEnvelope(body)) throw answerError(body, response.status);
  if (body.status !== STATUS_OK) throw new ApiError(body, response.status);
  return (body as Envelope<ConsoleCallOutput<typeof sc.sendSupportMessage>>).data;
}

/** The live inbox feed's address on this host. */
function liveUrl(token: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/console/api/support/live?token=${encodeURIComponent(token)}`;
}

/**
 * Keeps the support pages live: every inbox event (a message either way, a read, an assignment)
 * refreshes what they show. Reconnects 3 s after a drop while the page is open.
 */
export function useSupportLive(): void {
  const token = useToken();
  const client = useQueryClient();
  useEffect(() => {
    if (!token) return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let beat: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const connect = () => {
      socket = new WebSocket(liveUrl(token));
      socket.onmessage = (event: MessageEvent) => {
        if (typeof event.data !== 'string' || event.data === 'success') return;
        try {
          const frame = JSON.parse(event.data) as { channel?: string };
          if (frame.channel !== 'heartbeat')
            void client.invalidateQueries({ queryKey: supportKeys.all });
        } catch {
          // not a frame of ours
        }
      };
      socket.onopen = () => {
        beat = setInterval(() => socket?.send('1'), 25_000);
      };
      socket.onclose = () => {
        clearInterval(beat);
        if (!stopped) retry = setTimeout(connect, 3_000);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(beat);
      socket?.close();
    };
  }, [token, client]);
}
