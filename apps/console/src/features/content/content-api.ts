import {
  contentConsoleCalls as cc,
  isEnvelope,
  STATUS_OK,
  type ConsoleCallOutput,
  type ContentKind,
  type Envelope,
} from '@tidemark/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallMutation, usePage } from '../../api/call-hooks';
import { ApiError, answerError, NetworkError, request } from '../../api/client';
import { currentToken } from '../../api/session';

export const contentKeys = {
  all: ['content'] as const,
  items: (kind: ContentKind, page: number) => ['content', 'items', kind, page] as const,
  banners: ['content', 'banners'] as const,
};

export const useContentItems = (kind: ContentKind, page: number) =>
  usePage(cc.listContentItems, contentKeys.items(kind, page), { kind, page, pageSize: 20 });

export const useContentBanners = () =>
  useQuery({ queryKey: contentKeys.banners, queryFn: () => request(cc.listContentBanners, {}) });

export const useSaveContentItem = () => useCallMutation(cc.saveContentItem, [contentKeys.all]);
export const usePublishContentItem = () =>
  useCallMutation(cc.publishContentItem, [contentKeys.all]);
export const useSaveBanner = () => useCallMutation(cc.saveContentBanner, [contentKeys.all]);
export const useSendSiteMail = () => useCallMutation(cc.sendSiteMail, []);

/** Uploads an image or an MP4/WebM video (multipart); answers its public URL. */
export async function uploadMedia(
  file: File,
): Promise<ConsoleCallOutput<typeof cc.uploadContentMedia>> {
  const form = new FormData();
  form.set('file', file, file.name);
  const headers: Record<string, string> = {};
  const token = currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(cc.uploadContentMedia.path, { method: 'POST', headers, body: form });
  } catch (error) {
    throw new NetworkError(error);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!isEnvelope(body)) throw answerError(body, response.status);
  if (body.status !== STATUS_OK) throw new ApiError(body, response.status);
  return (body as Envelope<ConsoleCallOutput<typeof cc.uploadContentMedia>>).data;
}
