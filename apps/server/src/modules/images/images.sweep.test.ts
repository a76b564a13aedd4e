import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness';
import { pngImage } from '../money/custody.test-kit';
import {
  insertUpload,
  ORPHAN_AGE_MS,
  prepareImage,
  sweepOrphanUploads,
  uploadStorage,
} from './images.service';
import { newStorageKey } from './images.storage';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** Sets a stored file's time back, as if it had been written `ms` ago. */
function age(key: string, ms: number): void {
  const file = path.join(server.app.config.uploads.dir, key);
  const at = new Date(Date.now() - ms);
  fs.utimesSync(file, at, at);
}

describe('sweeping orphaned upload files', () => {
  it('deletes old files without a row and half-written ones, and keeps the rest', async () => {
    const { app } = server;
    const storage = uploadStorage(app);
    const recorded = await prepareImage(app, await pngImage(1), 'deposit');
    const orphan = await prepareImage(app, await pngImage(2), 'deposit');
    const young = await prepareImage(app, await pngImage(3), 'deposit');
    for (const p of [recorded, orphan, young]) await storage.put(p.key, p.image.bytes);
    await app.writer.run((trx) => insertUpload(app, trx, null, recorded));
    const partialKey = `${newStorageKey(Date.now(), 'jpg')}.partial`;
    fs.mkdirSync(path.dirname(path.join(app.config.uploads.dir, partialKey)), { recursive: true });
    fs.writeFileSync(path.join(app.config.uploads.dir, partialKey), 'half');
    for (const key of [recorded.key, orphan.key, partialKey]) age(key, ORPHAN_AGE_MS + 60_000);

    expect(await sweepOrphanUploads(app)).toBe(2);
    expect(await storage.get(recorded.key)).not.toBeNull();
    expect(await storage.get(young.key)).not.toBeNull();
    expect(await storage.get(orphan.key)).toBeNull();
    expect(fs.existsSync(path.join(app.config.uploads.dir, partialKey))).toBe(false);
    // Nothing left to do the second time.
    expect(await sweepOrphanUploads(app)).toBe(0);
  });
});
