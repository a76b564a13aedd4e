import type { UploadPurpose } from '@tidemark/contract';
import type { Trx } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { MAX_INPUT_PIXELS, reencodeImage, type EncodedImage } from './images.encode';
import * as repo from './images.repository';
import { s3Storage } from './images.s3-storage';
import { localDiskStorage, newStorageKey, type UploadStorage } from './images.storage';
import type { UploadRow } from './images.table';

const storages = new WeakMap<AppContext, UploadStorage>();

/** The app's upload storage: the S3_URL bucket when set, else the local disk (DATA_DIR/uploads). */
export function uploadStorage(app: AppContext): UploadStorage {
  let storage = storages.get(app);
  if (!storage) {
    const { s3, dir } = app.config.uploads;
    storage = s3 ? s3Storage(s3) : localDiskStorage(dir);
    storages.set(app, storage);
  }
  return storage;
}

/**
 * With S3_URL: one read of a key nobody writes, so a bucket that cannot be reached, does not
 * exist or refuses the keys stops the start with a clear message (as a NATS_URL that cannot be
 * reached does), instead of every upload failing later. The message names the endpoint and the
 * bucket, never the secret. The local disk needs no check.
 */
export async function checkUploadStorage(app: AppContext): Promise<void> {
  const { s3 } = app.config.uploads;
  if (!s3) return;
  try {
    await uploadStorage(app).get(`0000/00/${'0'.repeat(32)}.jpg`);
  } catch (error) {
    throw new Error(
      `S3_URL: cannot use the bucket ${s3.bucket} at ${s3.endpoint}: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/** An image checked and re-encoded, with the key it will be stored under; nothing written yet. */
export interface PreparedImage {
  purpose: UploadPurpose;
  image: EncodedImage;
  key: string;
}

const MB = 1_048_576;

/**
 * Checks one uploaded file by its bytes (never its name or declared type) and re-encodes it,
 * which strips its metadata. A refusal (not an image, too large) writes nothing anywhere.
 */
export async function prepareImage(
  app: AppContext,
  file: unknown,
  purpose: UploadPurpose,
): Promise<PreparedImage> {
  if (!(file instanceof Uint8Array)) throw new DomainError('uploadNotImage');
  const { maxBytes } = app.config.uploads;
  if (file.byteLength > maxBytes) {
    throw new DomainError('uploadTooLarge', { max: Math.round((maxBytes / MB) * 10) / 10 });
  }
  const image = await reencodeImage(file);
  if ('refused' in image) {
    if (image.refused === 'notImage') throw new DomainError('uploadNotImage');
    throw new DomainError('imageTooManyPixels', {
      width: image.width,
      height: image.height,
      max: MAX_INPUT_PIXELS / 1_000_000,
    });
  }
  return { purpose, image, key: newStorageKey(app.clock.now(), 'jpg') };
}

/**
 * Stores prepared images, then runs `work`, which records them (insertUpload) in the same
 * database transaction as the record they belong to. When work fails the files go again; when it
 * answers without having recorded them (an idempotent replay answering the first request's
 * result) they go too, so no file is left without its row.
 */
export async function withStoredImages<T>(
  app: AppContext,
  images: readonly PreparedImage[],
  work: () => Promise<T>,
): Promise<T> {
  const storage = uploadStorage(app);
  const removeAll = () =>
    Promise.all(images.map((p) => storage.delete(p.key).catch(() => undefined)));
  try {
    await Promise.all(images.map((p) => storage.put(p.key, p.image.bytes)));
  } catch (error) {
    await removeAll();
    throw error;
  }
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await removeAll();
    throw error;
  }
  const recorded = await repo.recordedKeys(
    app.db,
    images.map((p) => p.key),
  );
  for (const p of images) if (!recorded.has(p.key)) await storage.delete(p.key);
  return result;
}

/** A stored file this old without a row was left by a crash between storing and committing. */
export const ORPHAN_AGE_MS = 60 * 60_000;

/**
 * Deletes stored files no upload row refers to (and half-written ones) once they are older than
 * `olderThanMs`: withStoredImages removes its files when a request fails, but not when the process
 * dies in between. Younger files may belong to a request still running. Answers how many went.
 */
export async function sweepOrphanUploads(
  app: AppContext,
  olderThanMs = ORPHAN_AGE_MS,
): Promise<number> {
  const storage = uploadStorage(app);
  const before = app.clock.now() - olderThanMs;
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const recorded = await repo.recordedKeys(
      app.db,
      batch.filter((key) => !key.endsWith('.partial')),
    );
    for (const key of batch) {
      if (recorded.has(key)) continue;
      await storage.delete(key);
      removed += 1;
    }
    batch = [];
  };
  for await (const { key, storedAt } of storage.list()) {
    if (storedAt >= before) continue;
    batch.push(key);
    if (batch.length >= 500) await flush();
  }
  await flush();
  return removed;
}

/** Records a stored image as the user's upload, inside the caller's transaction. */
export function insertUpload(
  app: AppContext,
  trx: Trx,
  ownerUserId: number | null,
  prepared: PreparedImage,
): Promise<number> {
  const { image } = prepared;
  return repo.insertUpload(trx, {
    owner_user_id: ownerUserId === null ? null : BigInt(ownerUserId),
    purpose: prepared.purpose,
    storage_key: prepared.key,
    media_type: image.mediaType,
    size: BigInt(image.bytes.byteLength),
    width: BigInt(image.width),
    height: BigInt(image.height),
    sha256: image.sha256,
    created_at: BigInt(app.clock.now()),
  });
}

export interface UploadImage {
  id: number;
  /** The trader it belongs to (null: an operator's). */
  ownerUserId: number | null;
  purpose: string;
  mediaType: string;
  size: number;
  width: number;
  height: number;
  sha256: string;
  createdAt: number;
  bytes: Buffer;
}

/**
 * An upload with its bytes, for whoever may see it: its owner (readOwnUpload) or an operator (the
 * console's image view). A missing id, or bytes missing from the storage, answer notFound.
 */
export async function readUpload(app: AppContext, id: number): Promise<UploadImage> {
  const row = await repo.findUpload(app.db, id);
  if (!row) throw new DomainError('notFound');
  return withBytes(app, row);
}

async function withBytes(app: AppContext, row: UploadRow): Promise<UploadImage> {
  const bytes = await uploadStorage(app).get(row.storage_key);
  if (!bytes) {
    app.log.error({ uploadId: Number(row.id) }, 'upload row without its stored bytes');
    throw new DomainError('notFound');
  }
  return {
    id: Number(row.id),
    ownerUserId: row.owner_user_id === null ? null : Number(row.owner_user_id),
    purpose: row.purpose,
    mediaType: row.media_type,
    size: Number(row.size),
    width: Number(row.width),
    height: Number(row.height),
    sha256: row.sha256,
    createdAt: Number(row.created_at),
    bytes,
  };
}

/** The bytes of the user's own upload; someone else's answers notFound like a missing one. */
export async function readOwnUpload(
  app: AppContext,
  userId: number,
  id: number,
): Promise<UploadImage> {
  const row = await repo.findUpload(app.db, id);
  if (!row || row.owner_user_id === null || Number(row.owner_user_id) !== userId) {
    throw new DomainError('notFound');
  }
  return withBytes(app, row);
}
