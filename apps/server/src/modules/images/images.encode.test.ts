import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegWithExif, pngImage } from '../money/custody.test-kit';
import {
  reencodeImage,
  sniffImageType,
  type EncodedImage,
  type ImageRefusal,
} from './images.encode';
import { pngBomb } from './images.test-kit';

function encoded(result: EncodedImage | ImageRefusal): EncodedImage {
  if ('refused' in result) throw new Error(`refused: ${result.refused}`);
  return result;
}
const notImage = { refused: 'notImage' };

describe('sniffImageType', () => {
  it('reads the type from the first bytes', async () => {
    expect(sniffImageType(await pngImage())).toBe('image/png');
    expect(sniffImageType(await jpegWithExif())).toBe('image/jpeg');
    const webp = await sharp(await pngImage())
      .webp()
      .toBuffer();
    expect(sniffImageType(webp)).toBe('image/webp');
  });

  it('knows no type for text, an empty file, or a GIF', () => {
    expect(sniffImageType(Buffer.from('hello, I am x.png'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a......'))).toBeNull();
  });
});

describe('reencodeImage', () => {
  it('answers a JPEG without the EXIF the upload carried', async () => {
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const image = encoded(await reencodeImage(original));
    expect(image.mediaType).toBe('image/jpeg');
    expect(sniffImageType(image.bytes)).toBe('image/jpeg');
    const meta = await sharp(image.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(image.bytes.includes(Buffer.from('Secret Model 9'))).toBe(false);
    expect([image.width, image.height]).toEqual([80, 60]);
    expect(image.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('re-encodes PNG and WebP to JPEG and scales a huge side down', async () => {
    const png = encoded(await reencodeImage(await pngImage(3, 5000, 100)));
    expect([png.width, png.height]).toEqual([4096, 82]);
    const webp = encoded(
      await reencodeImage(
        await sharp(await pngImage())
          .webp()
          .toBuffer(),
      ),
    );
    expect(webp.mediaType).toBe('image/jpeg');
  });

  it('refuses text, a truncated image, and bytes whose header lies about the rest', async () => {
    expect(await reencodeImage(Buffer.from('just text named x.png'))).toEqual(notImage);
    const png = await pngImage();
    expect(await reencodeImage(png.subarray(0, 40))).toEqual(notImage);
    // A PNG signature in front of a JPEG body.
    const jpeg = await jpegWithExif();
    const liar = Buffer.concat([png.subarray(0, 8), jpeg.subarray(8)]);
    expect(await reencodeImage(liar)).toEqual(notImage);
  });

  it('refuses a decompression bomb from its header, before decoding a pixel', async () => {
    // 1 KB declaring 100,000 x 100,000 pixels (30 GB once decoded).
    const bomb = pngBomb(100_000, 100_000);
    expect(bomb.length).toBeLessThan(2_000);
    const started = performance.now();
    expect(await reencodeImage(bomb)).toEqual({
      refused: 'tooManyPixels',
      width: 100_000,
      height: 100_000,
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    // Just over 50 megapixels is refused as well.
    expect(await reencodeImage(pngBomb(10_000, 5_001))).toMatchObject({
      refused: 'tooManyPixels',
    });
  });
});
