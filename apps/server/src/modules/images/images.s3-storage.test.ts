import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inspect } from 'node:util';
import { moneyCalls } from '@tidemark/contract';
import { AwsClient } from 'aws4fetch';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { ROOMY_LIMITS, startServer } from '../../test/harness';
import { expectOkData, multipartCall, pngImage } from '../money/custody.test-kit';
import { readUpload, sweepOrphanUploads, uploadStorage, ORPHAN_AGE_MS } from './images.service';
import { s3Storage, S3StorageError } from './images.s3-storage';
import { S3RVER_KEY, startS3rver } from './images.s3-test-kit';
import { parseS3Url, type S3Settings } from './images.s3-url';
import { newStorageKey, type UploadStorage } from './images.storage';

const started = await startS3rver();
const s3 = 'reason' in started ? undefined : started;
if ('reason' in started)
  console.warn(
    `images.s3-storage.test.ts: S3 tests skipped, no S3-compatible server: ${started.reason}`,
  );
afterAll(() => s3?.close());

let runs = 0;
/** Settings for a prefix of its own in the test bucket, so tests see only their own keys. */
function settings(secret?: string): S3Settings {
  const parsed = parseS3Url(s3!.url(`run-${process.pid}-${++runs}`, secret));
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed;
}

async function all(storage: UploadStorage): Promise<{ key: string; storedAt: number }[]> {
  const listed = [];
  for await (const entry of storage.list()) listed.push(entry);
  return listed;
}

describe.skipIf(!s3)('the S3 upload storage against a real S3-compatible server', () => {
  it('stores, answers, deletes and answers null for a missing key', async () => {
    const storage = s3Storage(settings());
    const key = newStorageKey(Date.now(), 'jpg');
    const bytes = randomBytes(50_000);
    await storage.put(key, bytes);
    expect(Buffer.compare((await storage.get(key))!, bytes)).toBe(0);
    // A second put replaces the object whole.
    await storage.put(key, bytes.subarray(0, 10));
    expect(await storage.get(key)).toEqual(bytes.subarray(0, 10));
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.get(newStorageKey(Date.now(), 'jpg'))).toBeNull();
    // Deleting what is not there is no error.
    await storage.delete(key);
    await storage.delete(newStorageKey(Date.now(), 'jpg'));
  });

  it('says so when the bucket does not exist, rather than answering that nothing is stored', async () => {
    const mine = settings();
    const storage = s3Storage(
      Object.defineProperty({ ...mine, bucket: 'no-such-bucket' }, 'secretAccessKey', {
        value: mine.secretAccessKey,
      }),
    );
    const key = newStorageKey(Date.now(), 'jpg');
    await expect(storage.get(key)).rejects.toMatchObject({ status: 404, code: 'NoSuchBucket' });
    await expect(storage.delete(key)).rejects.toMatchObject({ code: 'NoSuchBucket' });
    await expect(storage.put(key, Buffer.from('x'))).rejects.toMatchObject({
      code: 'NoSuchBucket',
    });
    await expect(all(storage)).rejects.toThrow('NoSuchBucket');
  });

  it('refuses keys newStorageKey does not make before any request', async () => {
    const storage = s3Storage(settings());
    for (const key of ['../x.jpg', '2026/11/../../secret.jpg', '/etc/passwd', 'a.jpg.partial']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('not an upload storage key');
      await expect(storage.get(key)).rejects.toThrow('not an upload storage key');
      await expect(storage.delete(key)).rejects.toThrow('not an upload storage key');
    }
  });

  it('lists every key of its prefix over several pages, with the time each was stored', async () => {
    const mine = settings();
    const storage = s3Storage(mine, { pageSize: 2 });
    const before = Date.now() - 2_000;
    const keys = Array.from({ length: 7 }, (_, i) => newStorageKey(Date.UTC(2026, i, 3), 'jpg'));
    for (const key of keys) await storage.put(key, Buffer.from(key));
    // Another prefix's keys, and objects in its own that put() does not write, are not listed.
    await s3Storage(settings()).put(newStorageKey(Date.now(), 'jpg'), Buffer.from('other'));
    const client = new AwsClient({
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
      service: 's3',
      region: mine.region,
    });
    for (const name of ['notes.txt', '2026/11/x.jpg', `${keys[0]}.partial`]) {
      const url = `${s3!.endpoint}/${s3!.bucket}/${mine.prefix}${name}`;
      const put = await client.fetch(url, { method: 'PUT', body: 'stray' });
      expect(put.status).toBe(200);
    }

    const listed = await all(storage);
    expect(listed.map((entry) => entry.key).sort()).toEqual([...keys].sort());
    for (const { storedAt } of listed) {
      expect(storedAt).toBeGreaterThanOrEqual(before);
      expect(storedAt).toBeLessThanOrEqual(Date.now() + 2_000);
    }
    // The default page (1000) answers the same in one request.
    expect((await all(s3Storage(mine))).length).toBe(7);
    expect(await all(s3Storage(settings()))).toEqual([]);
  });

  it('is refused by the server with a wrong secret, and the error does not carry the secret', async () => {
    const storage = s3Storage(settings('not-the-secret'));
    const error = await storage.put(newStorageKey(Date.now(), 'jpg'), Buffer.from('x')).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(S3StorageError);
    expect(error).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(String(error)).not.toContain('not-the-secret');
    await expect(all(storage)).rejects.toThrow('SignatureDoesNotMatch');
  });

  it('stops the start when the bucket refuses the keys, naming the bucket but not the secret', async () => {
    const refused = await startServer({
      rateLimits: ROOMY_LIMITS,
      env: { S3_URL: s3!.url(`refusing-${process.pid}`, 'not-the-secret') },
    }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refused).toMatch(
      /^S3_URL: cannot use the bucket [a-z0-9.-]+ at http:\/\/127\.0\.0\.1:\d+: .*SignatureDoesNotMatch/,
    );
    expect(refused).not.toContain('not-the-secret');
  });

  it('serves an uploaded image over HTTP from the bucket with S3_URL set, and sweeps orphans', async () => {
    const server = await startServer({
      rateLimits: ROOMY_LIMITS,
      env: { S3_URL: s3!.url(`api-${process.pid}`) },
    });
    try {
      const { app } = server;
      const { token } = await server.register();
      const record = expectOkData(
        await multipartCall(
          server,
          moneyCalls.insertUserRecharge,
          { currency: 'USDT', chain: 'TRC20', amount: '10', image: await pngImage(7, 80, 60) },
          { token },
        ),
      );
      const answer = await server.fetch(`/userUpload/image?id=${record.imageId}`, {
        headers: { appToken: token },
      });
      expect(answer.status).toBe(200);
      const served = Buffer.from(await answer.arrayBuffer());
      expect([...served.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

      // The bytes are the bucket's, under the recorded key, and nothing went to the local disk.
      const storage = uploadStorage(app);
      const upload = await readUpload(app, record.imageId);
      expect(Buffer.compare(upload.bytes, served)).toBe(0);
      const stored = await all(storage);
      expect(stored).toHaveLength(1);
      expect(Buffer.compare((await storage.get(stored[0]!.key))!, served)).toBe(0);
      expect(fs.existsSync(app.config.uploads.dir)).toBe(false);

      // An object without its row (a crash between storing and committing) goes once it is old.
      const orphan = newStorageKey(app.clock.now(), 'jpg');
      await storage.put(orphan, Buffer.from('orphan'));
      expect(await sweepOrphanUploads(app)).toBe(0);
      server.clock.advance(ORPHAN_AGE_MS + 60_000);
      expect(await sweepOrphanUploads(app)).toBe(1);
      expect(await storage.get(orphan)).toBeNull();
      const again = await server.fetch(`/userUpload/image?id=${record.imageId}`, {
        headers: { appToken: token },
      });
      expect(again.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('S3_URL', () => {
  const problem = (url: string) => {
    const parsed = parseS3Url(url);
    return 'problem' in parsed ? parsed.problem : undefined;
  };

  it('reads the endpoint, bucket, prefix, region and decoded credentials', () => {
    const parsed = parseS3Url(
      'https://AKIA123:s3cr%2Fet%2B@s3.example.com:9000/bucket-1/a/b/?region=eu-west-1',
    );
    expect(parsed).toEqual({
      endpoint: 'https://s3.example.com:9000',
      bucket: 'bucket-1',
      prefix: 'a/b/',
      region: 'eu-west-1',
      accessKeyId: 'AKIA123',
    });
    expect((parsed as S3Settings).secretAccessKey).toBe('s3cr/et+');
    expect(parseS3Url('http://k:s@127.0.0.1:9000/uploads')).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      prefix: '',
      region: 'us-east-1',
    });
  });

  it('names what is wrong without repeating the secret', () => {
    const cases: [string, string][] = [
      ['not a url', 'must be an http:// or https:// URL'],
      ['ftp://k:hidden@host/bucket', 'must be an http:// or https:// URL'],
      ['https://host/bucket', 'needs the access key and the secret'],
      ['https://k@host/bucket', 'needs the access key and the secret'],
      ['https://k:hidden@host', 'needs the bucket'],
      ['https://k:hidden@host/', 'needs the bucket'],
      ['https://k:hidden@host/Bucket_1', 'the bucket must be'],
      ['https://k:hidden@host/b', 'the bucket must be'],
      ['https://k:hidden@host/bucket/../x', 'the bucket must be'],
      ['https://k:hidden@host/bucket/a/.../x', 'a prefix'],
      ['https://k:hidden@host/bucket/a b', 'a prefix'],
      ['https://k:hidden@host/bucket?regoin=x', 'unknown parameter "regoin"'],
      ['https://k:hidden@host/bucket?region=EU', 'region must be'],
      ['https://k:hid%zzden@host/bucket', 'not properly percent-encoded'],
      ['https://k:hidden@host/bucket#x', 'must not have a #fragment'],
    ];
    for (const [url, says] of cases) {
      const message = problem(url);
      expect(message, url).toContain(says);
      expect(message, url).toMatch(/^S3_URL: /);
      expect(message, url).not.toContain('hid');
    }
  });

  it('keeps the secret out of the configuration as JSON and as inspected', () => {
    const config = loadConfig({
      S3_URL: 'https://key:very-secret%2F%2B%3Dkey@s3.example.com/bucket',
    });
    expect(config.uploads.s3?.secretAccessKey).toBe('very-secret/+=key');
    expect(JSON.stringify(config.uploads)).not.toContain('very-secret');
    expect(inspect(config, { depth: 9 })).not.toContain('very-secret');
  });

  it('stops the configuration with the message and leaves the local disk as the default', () => {
    expect(() => loadConfig({ S3_URL: 'https://k:hidden@host/Bad' })).toThrow(
      /S3_URL: the bucket must be/,
    );
    expect(loadConfig({}).uploads.s3).toBeUndefined();
    expect(loadConfig({ S3_URL: '' }).uploads.s3).toBeUndefined();
  });
});
