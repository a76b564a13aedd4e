import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  formatBytes,
  ImageUploader,
  keepCompressed,
  looksLikeImage,
  planCompression,
  prepareImage,
  type PickedImage,
} from './image-uploader';

beforeAll(async () => {
  // Keys come back with their values: the test reads structure and numbers, not wording.
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: {
      en: { translation: { upload: { compressed: '{{from}} -> {{to}}', pick: 'Pick' } } },
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the compression decision (SPEC.md section 9)', () => {
  it('sends a picture of up to 504800 bytes as it is', () => {
    expect(planCompression(504_800, 4000, 3000)).toEqual({
      compress: false,
      width: 4000,
      height: 3000,
      quality: 1,
    });
    expect(planCompression(12_000, 640, 480).compress).toBe(false);
  });

  it('halves both sides and encodes JPEG 0.5 past 504800 bytes', () => {
    expect(planCompression(504_801, 4000, 3000)).toEqual({
      compress: true,
      width: 2000,
      height: 1500,
      quality: 0.5,
    });
  });

  it('rounds odd sides and never goes below one pixel', () => {
    expect(planCompression(2_000_000, 4033, 3025)).toMatchObject({ width: 2017, height: 1513 });
    expect(planCompression(2_000_000, 1, 1)).toMatchObject({ width: 1, height: 1 });
  });

  it('keeps the re-encoded picture only when it came out smaller', () => {
    expect(keepCompressed(900_000, 120_000)).toBe(true);
    expect(keepCompressed(600_000, 700_000)).toBe(false);
    expect(keepCompressed(600_000, 0)).toBe(false);
  });

  it('writes sizes as people read them', () => {
    expect(formatBytes(812, 'en')).toBe('812 B');
    expect(formatBytes(480 * 1024, 'en')).toBe('480 KB');
    expect(formatBytes(1.44 * 1024 * 1024, 'en')).toBe('1.4 MB');
  });

  it('offers pictures only', () => {
    expect(looksLikeImage({ type: 'image/png' })).toBe(true);
    expect(looksLikeImage({ type: 'application/pdf' })).toBe(false);
    expect(looksLikeImage({ type: '' })).toBe(false);
  });
});

/** Stands in for the browser's decoder and canvas, recording what the page asked of them. */
function fakeCanvas(width: number, height: number, encodedSize: number) {
  const drawn: number[][] = [];
  const encoded: unknown[][] = [];
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width, height, close: vi.fn() })),
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        fillStyle: '',
        fillRect: vi.fn(),
        drawImage: (_image: unknown, ...box: number[]) => drawn.push(box),
      }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback: BlobCallback,
    type?: string,
    quality?: number,
  ) {
    encoded.push([this.width, this.height, type, quality]);
    callback(new Blob([new Uint8Array(encodedSize)], { type: type ?? 'image/png' }));
  });
  return { drawn, encoded };
}

const photo = (size: number, type = 'image/png', name = 'receipt.png') =>
  new File([new Uint8Array(size)], name, { type });

describe('preparing a picked picture', () => {
  it('sends a small picture untouched', async () => {
    const { encoded } = fakeCanvas(800, 600, 10);
    const file = photo(300_000);
    const picked = await prepareImage(file);
    expect(picked.file).toBe(file);
    expect(picked).toMatchObject({ compressed: false, size: 300_000, width: 800, height: 600 });
    expect(encoded).toEqual([]);
  });

  it('halves a large picture on a canvas and sends it as JPEG 0.5', async () => {
    const { drawn, encoded } = fakeCanvas(4000, 3000, 180_000);
    const picked = await prepareImage(photo(2_400_000));
    expect(drawn).toEqual([[0, 0, 2000, 1500]]);
    expect(encoded).toEqual([[2000, 1500, 'image/jpeg', 0.5]]);
    expect(picked).toMatchObject({
      compressed: true,
      size: 180_000,
      originalSize: 2_400_000,
      width: 2000,
      height: 1500,
    });
    expect(picked.file.type).toBe('image/jpeg');
    expect(picked.file.name).toBe('receipt.jpg');
  });

  it('keeps the original when re-encoding does not make it smaller', async () => {
    fakeCanvas(1200, 900, 700_000);
    const file = photo(600_000);
    const picked = await prepareImage(file);
    expect(picked.file).toBe(file);
    expect(picked.compressed).toBe(false);
  });

  it('refuses a file that is not a picture, and one that does not decode', async () => {
    await expect(prepareImage(photo(10, 'application/pdf', 'a.pdf'))).rejects.toMatchObject({
      reason: 'notImage',
    });
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new Error('bad image');
      }),
    );
    await expect(prepareImage(photo(10))).rejects.toMatchObject({ reason: 'unreadable' });
  });
});

describe('the picture field', () => {
  function Field({ initial = null }: { initial?: PickedImage | null }) {
    const [value, setValue] = useState<PickedImage | null>(initial);
    return <ImageUploader label="Screenshot" name="image" value={value} onChange={setValue} />;
  }

  it('shows the picked picture with its size before and after compression', async () => {
    fakeCanvas(4000, 3000, 200 * 1024);
    render(<Field />, { wrapper: MemoryRouter });
    expect(screen.getByText('Pick')).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('input[name="image"]')!;
    fireEvent.change(input, { target: { files: [photo(2 * 1024 * 1024)] } });
    await waitFor(() => expect(screen.getByText('2 MB -> 200 KB')).toBeTruthy());
    const preview = await screen.findByRole('img', { name: 'Screenshot' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
  });
});
