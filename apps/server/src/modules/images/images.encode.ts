import { createHash } from 'node:crypto';
import sharp from 'sharp';

export type SniffedType = 'image/jpeg' | 'image/png' | 'image/webp';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/** The image type the first bytes announce (magic numbers), or null: names and headers lie. */
export function sniffImageType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // "RIFF" <size> "WEBP"
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

const SHARP_FORMAT: Record<SniffedType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Largest side kept; a bigger photo is scaled down (a screenshot or an ID stays legible). */
export const MAX_SIDE = 4096;
/**
 * The most pixels an upload may have (50 megapixels, a 50 MP camera's photo): a "decompression
 * bomb" (a small file declaring huge dimensions) is refused from its header, before decoding.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

export interface EncodedImage {
  bytes: Buffer;
  mediaType: 'image/jpeg';
  width: number;
  height: number;
  sha256: string;
}

/** Why an upload is not kept: not a whole JPEG, PNG or WebP, or more pixels than allowed. */
export type ImageRefusal =
  { refused: 'notImage' } | { refused: 'tooManyPixels'; width: number; height: number };

const NOT_IMAGE: ImageRefusal = { refused: 'notImage' };

/**
 * Decodes the image and encodes it again as a baseline JPEG: EXIF (GPS, device), ICC and XMP
 * metadata are left behind, the orientation is applied to the pixels, transparency becomes white.
 * Answers a refusal when the bytes are not a whole image of the type their first bytes announce,
 * or when its header declares more than MAX_INPUT_PIXELS (checked before any pixel is decoded).
 */
export async function reencodeImage(bytes: Uint8Array): Promise<EncodedImage | ImageRefusal> {
  const type = sniffImageType(bytes);
  if (!type) return NOT_IMAGE;
  try {
    // The header only: reading the dimensions decodes no pixels, whatever they claim.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (meta.format !== SHARP_FORMAT[type] || !meta.width || !meta.height) return NOT_IMAGE;
    if (meta.width * meta.height > MAX_INPUT_PIXELS) {
      return { refused: 'tooManyPixels', width: meta.width, height: meta.height };
    }
    const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { data, info } = await input
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88 })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      mediaType: 'image/jpeg',
      width: info.width,
      height: info.height,
      sha256: createHash('sha256').update(data).digest('hex'),
    };
  } catch {
    return NOT_IMAGE;
  }
}
