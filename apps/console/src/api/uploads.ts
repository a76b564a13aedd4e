import { consoleCalls } from '@tidemark/contract';
import { answerError, send } from './client';

/**
 * Uploaded images as object URLs, fetched once per console session with the bearer token: every
 * view of an upload is written to the audit log, so a screenshot shown in a table and again in a
 * preview is fetched once. Images never get a public URL; these blob: URLs live only in this tab
 * and are revoked at logout.
 */
const cache = new Map<number, Promise<string>>();

async function fetchUpload(id: number): Promise<string> {
  const response = await send(consoleCalls.viewUpload, { id });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.startsWith('image/')) {
    throw answerError(await response.json().catch(() => undefined), response.status);
  }
  return URL.createObjectURL(await response.blob());
}

export function uploadUrl(id: number): Promise<string> {
  let url = cache.get(id);
  if (!url) {
    url = fetchUpload(id);
    // A failure is not kept: the next view tries again.
    url.catch(() => cache.delete(id));
    cache.set(id, url);
  }
  return url;
}

/** Revokes every object URL (logout, session expired). */
export function forgetUploads(): void {
  for (const url of cache.values()) void url.then(URL.revokeObjectURL, () => undefined);
  cache.clear();
}
