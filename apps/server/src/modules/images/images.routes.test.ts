import { randomBytes } from 'node:crypto';
import { moneyCalls } from '@tidemark/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import { expectOkData, expectRefused, multipartCall, pngImage } from '../money/custody.test-kit';
import { readUpload } from './images.service';
import { pngBomb } from './images.test-kit';

let server: TestServer;
beforeAll(async () => {
  // The smallest limit the configuration allows, so the tests need no large files.
  server = await startServer({ rateLimits: ROOMY_LIMITS, env: { UPLOAD_MAX_BYTES: '65536' } });
});
afterAll(() => server.close());

/** A PNG of random pixels: it does not compress, so its size follows its dimensions. */
function noisePng(side: number): Promise<Buffer> {
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

const deposit = (token: string, image: Buffer | Blob) =>
  multipartCall(
    server,
    moneyCalls.insertUserRecharge,
    { currency: 'USDT', chain: 'TRC20', amount: '10', image },
    { token },
  );

describe('upload limits', () => {
  it('answers an image over the configured size with the limit in the text', async () => {
    const { token } = await server.register();
    const large = await noisePng(160);
    expect(large.byteLength).toBeGreaterThan(65_536);
    expect(large.byteLength).toBeLessThan(2 * 65_536);
    expectRefused(
      await deposit(token, large),
      'uploadTooLarge',
      'The image is too large (at most 0.1 MB)',
    );
  });

  it('says a decompression bomb is too large, not that it is no image, and keeps nothing', async () => {
    const { token } = await server.register();
    const uploads = async () =>
      Number(
        (
          await server.app.db
            .selectFrom('uploads')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await uploads();
    expectRefused(
      await deposit(token, pngBomb(60_000, 60_000)),
      'imageTooManyPixels',
      'The image is too large: 60000 × 60000 pixels (at most 50 megapixels)',
    );
    expect(await uploads()).toBe(before);
  });

  it('cuts off a far larger body before it is read whole', async () => {
    const { token } = await server.register();
    const huge = await noisePng(300);
    expect(huge.byteLength).toBeGreaterThan(2 * 65_536);
    const answer = await deposit(token, huge);
    expectRefused(answer, 'bodyTooLarge', 'The request is too large', '413');
  });

  it('stores an image within the limit, re-encoded, with its facts recorded', async () => {
    const { token } = await server.register();
    const record = expectOkData(await deposit(token, await pngImage(4, 120, 90)));
    const upload = await readUpload(server.app, record.imageId);
    expect(upload).toMatchObject({
      purpose: 'deposit',
      mediaType: 'image/jpeg',
      width: 120,
      height: 90,
      size: upload.bytes.byteLength,
    });
    expect(upload.ownerUserId).toEqual(expect.any(Number));
    expect([...upload.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    await expect(readUpload(server.app, 999_999)).rejects.toMatchObject({ key: 'notFound' });
  });
});
