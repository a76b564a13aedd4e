import { IMAGE_COMPRESSION } from '@tidemark/contract/rules';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { CameraOutline, CloseOutline } from 'antd-mobile-icons';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './image-uploader.css';
import { currentLanguage, i18next } from './i18n';
import { ImageView } from './image-view';
import { showToast } from './toast';
import { useInvalid } from './invalid-fields';

// --- the compression decision (SPEC.md section 9) --------------------------------------------------

export interface CompressionPlan {
  /** Whether the picture is re-encoded on the device before it is sent. */
  compress: boolean;
  width: number;
  height: number;
  /** JPEG quality of the re-encoded picture (1 when it is sent as picked). */
  quality: number;
}

/**
 * A picture of more than about 504800 bytes is sent at half its width and height as a JPEG of
 * quality 0.5; a smaller one is sent as it is.
 */
export function planCompression(size: number, width: number, height: number): CompressionPlan {
  if (size <= IMAGE_COMPRESSION.thresholdBytes) {
    return { compress: false, width, height, quality: 1 };
  }
  return {
    compress: true,
    width: Math.max(1, Math.round(width * IMAGE_COMPRESSION.dimensionScale)),
    height: Math.max(1, Math.round(height * IMAGE_COMPRESSION.dimensionScale)),
    quality: IMAGE_COMPRESSION.jpegQuality,
  };
}

/** A re-encoded picture is sent only when it came out smaller than the one picked. */
export function keepCompressed(originalSize: number, compressedSize: number): boolean {
  return compressedSize > 0 && compressedSize < originalSize;
}

/** "812 B", "480 KB", "1.4 MB": a file size as people read it. */
export function formatBytes(bytes: number, locale?: string): string {
  const format = (value: number, digits: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024) return `${format(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024, 0)} KB`;
  return `${format(bytes / (1024 * 1024), 1)} MB`;
}

/** Only pictures are offered; the server checks the bytes again, never trusting the name or type. */
export function looksLikeImage(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/');
}

// --- preparing a picked file -------------------------------------------------------------------

/** A picture ready to send: the file itself (possibly re-encoded) and what it was before. */
export interface PickedImage {
  file: File;
  /** A data URL of the file, for the preview (nothing to revoke when the picture goes away). */
  preview: string;
  size: number;
  originalSize: number;
  compressed: boolean;
  width: number;
  height: number;
}

export class ImagePickError extends Error {
  constructor(readonly reason: 'notImage' | 'unreadable') {
    super(reason);
    this.name = 'ImagePickError';
  }
}

function encodeJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/** A blob as a data URL, for an <img> that needs no object URL to revoke. */
export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/** Decodes the picture, and when it is large, halves it on a canvas and encodes it as JPEG 0.5. */
export async function prepareImage(file: File): Promise<PickedImage> {
  if (!looksLikeImage(file)) throw new ImagePickError('notImage');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new ImagePickError('unreadable');
  }
  try {
    const plan = planCompression(file.size, bitmap.width, bitmap.height);
    const original = async (): Promise<PickedImage> => ({
      file,
      preview: await readAsDataUrl(file),
      size: file.size,
      originalSize: file.size,
      compressed: false,
      width: bitmap.width,
      height: bitmap.height,
    });
    if (!plan.compress) return await original();
    const canvas = document.createElement('canvas');
    canvas.width = plan.width;
    canvas.height = plan.height;
    const context = canvas.getContext('2d');
    if (!context) return await original();
    // JPEG has no transparency: a transparent PNG would otherwise turn black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, plan.width, plan.height);
    context.drawImage(bitmap, 0, 0, plan.width, plan.height);
    const blob = await encodeJpeg(canvas, plan.quality);
    if (!blob || !keepCompressed(file.size, blob.size)) return await original();
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'image'}.jpg`;
    const compressed = new File([blob], name, { type: 'image/jpeg' });
    return {
      file: compressed,
      preview: await readAsDataUrl(compressed),
      size: blob.size,
      originalSize: file.size,
      compressed: true,
      width: plan.width,
      height: plan.height,
    };
  } finally {
    bitmap.close();
  }
}

// --- the field ---------------------------------------------------------------------------------

interface ImageUploaderProps {
  /** What the picture is ("Payment screenshot", "ID front"). */
  label: string;
  value: PickedImage | null;
  onChange: (image: PickedImage | null) => void;
  /** Marks the field for tests and the form it belongs to. */
  name: string;
  /** A picture already stored (editing), shown until the user picks another. */
  currentUrl?: string | undefined;
  hint?: string | undefined;
}

/**
 * Pick a picture, see it, see its size: large pictures are shrunk on the device first (SPEC.md
 * section 9), so a phone photo of several megabytes goes out as a few hundred kilobytes.
 */
export function ImageUploader({
  label,
  value,
  onChange,
  name,
  currentUrl,
  hint,
}: ImageUploaderProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [viewing, setViewing] = useState(false);
  const shown = value?.preview ?? currentUrl;
  const invalid = useInvalid(name);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      onChange(await prepareImage(file));
    } catch (error) {
      if (!(error instanceof ImagePickError)) throw error;
      showToast(i18next.t(`upload.${error.reason}`), 'fail');
    } finally {
      setBusy(false);
      // The same file picked again after a removal must fire change again.
      if (input.current) input.current.value = '';
    }
  };

  const locale = currentLanguage() === 'ar' ? 'ar' : undefined;
  let size: string | null = null;
  if (value) {
    size = value.compressed
      ? t('upload.compressed', {
          from: formatBytes(value.originalSize, locale),
          to: formatBytes(value.size, locale),
        })
      : formatBytes(value.size, locale);
  }

  return (
    <div className="image-field" data-field={name} data-invalid={invalid}>
      <span className="image-field__label">{label}</span>
      <div className="image-field__tile" data-filled={shown ? 'true' : 'false'}>
        {shown ? (
          <>
            <button
              type="button"
              className="image-field__preview"
              aria-label={t('upload.view', { label })}
              onClick={() => setViewing(true)}
            >
              <img src={shown} alt={label} />
            </button>
            {value ? (
              <button
                type="button"
                className="image-field__remove"
                aria-label={t('upload.remove')}
                onClick={() => onChange(null)}
              >
                <CloseOutline />
              </button>
            ) : null}
          </>
        ) : (
          <label htmlFor={inputId} className="image-field__pick">
            {busy ? (
              <DotLoading color="primary" />
            ) : (
              <CameraOutline className="image-field__icon" />
            )}
            <span>{busy ? t('upload.preparing') : t('upload.pick')}</span>
          </label>
        )}
        <input
          ref={input}
          id={inputId}
          name={name}
          type="file"
          accept="image/*"
          className="image-field__input"
          onChange={(event) => void pick(event.target.files?.[0])}
        />
      </div>
      {shown ? (
        <div className="image-field__meta">
          {size ? <span className="image-field__size">{size}</span> : null}
          <label htmlFor={inputId} className="text-button image-field__replace">
            {t('upload.replace')}
          </label>
        </div>
      ) : null}
      {hint ? <p className="form-hint image-field__hint">{hint}</p> : null}
      {shown ? <ImageView image={shown} open={viewing} onClose={() => setViewing(false)} /> : null}
    </div>
  );
}
