import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegWithExif, pngImage } from '../money/custody.test-kit';
import { reencodeImage, sniffImageType } from './images.encode';

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
    const encoded = (await reencodeImage(original))!;
    expect(encoded.mediaType).toBe('image/jpeg');
    expect(sniffImageType(encoded.bytes)).toBe('image/jpeg');
    const meta = await sharp(encoded.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(encoded.bytes.includes(Buffer.from('Secret Model 9'))).toBe(false);
    expect([encoded.width, encoded.height]).toEqual([80, 60]);
    expect(encoded.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('re-encodes PNG and WebP to JPEG and scales a huge side down', async () => {
    const png = (await reencodeImage(await pngImage(3, 5000, 100)))!;
    expect([png.width, png.height]).toEqual([4096, 82]);
    const webp = (await reencodeImage(
      await sharp(await pngImage())
        .webp()
        .toBuffer(),
    ))!;
    expect(webp.mediaType).toBe('image/jpeg');
  });

  it('refuses text, a truncated image, and bytes whose header lies about the rest', async () => {
    expect(await reencodeImage(Buffer.from('just text named x.png'))).toBeNull();
    const png = await pngImage();
    expect(await reencodeImage(png.subarray(0, 40))).toBeNull();
    // A PNG signature in front of a JPEG body.
    const jpeg = await jpegWithExif();
    const liar = Buffer.concat([png.subarray(0, 8), jpeg.subarray(8)]);
    expect(await reencodeImage(liar)).toBeNull();
  });
});
