import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { S3Settings } from './images.s3-url';
import { isStorageKey, type UploadStorage } from './images.storage';

export interface S3StorageOptions {
  /** Keys per ListObjectsV2 page (S3 answers at most 1000); tests page with fewer. */
  pageSize?: number;
  /** Longest wait for one call, retries included. */
  timeoutMs?: number;
}

/** What a failed S3 call says: the operation, the key, the status and S3's error code. */
export class S3StorageError extends Error {
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly code: string | undefined,
    key?: string,
  ) {
    super(`S3 ${operation}${key ? ` ${key}` : ''}: HTTP ${status}${code ? ` ${code}` : ''}`);
    this.name = 'S3StorageError';
  }
}

const MEDIA_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * Upload storage in an S3-compatible bucket (AWS S3, MinIO, Garage, Ceph, R2...), path-style,
 * every request signed with Signature V4. Objects carry no ACL, so they are as private as the
 * bucket: nothing here makes one public. A PUT replaces an object whole or not at all, so unlike
 * the local disk there is no half-written file to sweep.
 */
export function s3Storage(settings: S3Settings, options: S3StorageOptions = {}): UploadStorage {
  const pageSize = options.pageSize ?? 1000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    // 5xx and 429 answers are retried with backoff: twice, so a failing store answers soon.
    retries: 2,
  });
  const bucketUrl = `${settings.endpoint}/${settings.bucket}`;
  const objectUrl = (key: string): string => {
    // Keys are made by newStorageKey; anything else (say "../x") never reaches the bucket.
    if (!isStorageKey(key)) throw new Error(`not an upload storage key: ${key}`);
    return `${bucketUrl}/${settings.prefix}${key}`;
  };
  const send = (url: string, init: RequestInit = {}) =>
    client.fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const failure = async (operation: string, response: Response, key?: string) => {
    const body = await response.text().catch(() => '');
    return new S3StorageError(operation, response.status, xmlText(body, 'Code'), key);
  };
  /** A 404 about the key (not about the bucket, which must exist): nothing stored under it. */
  const missing = async (operation: string, response: Response, key: string) => {
    if (response.status !== 404) return false;
    const error = await failure(operation, response, key);
    if (error.code === 'NoSuchBucket') throw error;
    return true;
  };

  return {
    async put(key, bytes) {
      const url = objectUrl(key);
      const extension = key.slice(key.lastIndexOf('.') + 1);
      const response = await send(url, {
        method: 'PUT',
        body: bytes,
        headers: {
          'Content-Type': MEDIA_TYPES[extension] ?? 'application/octet-stream',
          // The payload's hash is signed, so the store refuses bytes changed on the way.
          'X-Amz-Content-Sha256': createHash('sha256').update(bytes).digest('hex'),
        },
      });
      if (!response.ok) throw await failure('PUT', response, key);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send(objectUrl(key));
      if (await missing('GET', response, key)) return null;
      if (!response.ok) throw await failure('GET', response, key);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send(objectUrl(key), { method: 'DELETE' });
      // S3 answers 204 for a missing key too; some compatible stores say 404.
      if (await missing('DELETE', response, key)) return;
      if (!response.ok) throw await failure('DELETE', response, key);
      await response.body?.cancel();
    },
    async *list() {
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ 'list-type': '2', 'max-keys': String(pageSize) });
        if (settings.prefix) query.set('prefix', settings.prefix);
        if (token) query.set('continuation-token', token);
        const response = await send(`${bucketUrl}?${query}`);
        if (!response.ok) throw await failure('ListObjectsV2', response);
        const page = await response.text();
        for (const [, contents = ''] of page.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const name = xmlText(contents, 'Key');
          const modified = xmlText(contents, 'LastModified');
          if (!name?.startsWith(settings.prefix) || !modified) continue;
          const key = name.slice(settings.prefix.length);
          // Only what put() writes: whatever else shares the bucket or prefix is left alone.
          if (!isStorageKey(key)) continue;
          yield { key, storedAt: Date.parse(modified) };
        }
        const truncated = xmlText(page, 'IsTruncated') === 'true';
        token = truncated ? xmlText(page, 'NextContinuationToken') : undefined;
        if (truncated && !token) throw new Error('S3 ListObjectsV2: truncated without a token');
      } while (token);
    },
  };
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/**
 * The text of the first `<tag>` in an S3 answer. Its answers are flat, generated XML, so a
 * pattern reads them; entities (named and numeric) are decoded, since a token may hold them.
 */
function xmlText(xml: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml);
  if (!match) return undefined;
  return (match[1] ?? '').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? entity;
    const code = /^#x/i.test(name) ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}
