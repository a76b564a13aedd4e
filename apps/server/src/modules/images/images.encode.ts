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
/** Decoding a "pixel bomb" stops here (about 50 megapixels). */
const MAX_INPUT_PIXELS = 50_000_000;

export interface EncodedImage {
  bytes: Buffer;
  mediaType: 'image/jpeg';
  width: number;
  height: number;
  sha256: string;
}

/**
 * Decodes the image and encodes it again as a baseline JPEG: EXIF (GPS, device), ICC and XMP
 * metadata are left behind, the orientation is applied to the pixels, transparency becomes white.
 * Answers null when the bytes are not a whole image of the type their first bytes announce.
 */
export async function reencodeImage(bytes: Uint8Array): Promise<EncodedImage | null> {
  const type = sniffImageType(bytes);
  if (!type) return null;
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await input.metadata();
    if (meta.format !== SHARP_FORMAT[type] || !meta.width || !meta.height) return null;
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
    return null;
  }
}
