import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where upload bytes live, by key. The local-disk adapter keeps them under DATA_DIR/uploads; the
 * S3-compatible one (images.s3-storage.ts, S3_URL) in a bucket.
 */
export interface UploadStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the key; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key with the time it was written (ms), in no particular order. */
  list(): AsyncIterable<{ key: string; storedAt: number }>;
}

/** "2026/11/3f2a...c9.jpg": a month folder and 32 random hex digits. */
const KEY_PATTERN = /^\d{4}\/\d{2}\/[0-9a-f]{32}\.[a-z]{3,4}$/;

/** Whether `key` is one newStorageKey makes: adapters refuse anything else (say "../x"). */
export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function newStorageKey(now: number, extension: string): string {
  const date = new Date(now);
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${date.getUTCFullYear()}/${month}/${randomBytes(16).toString('hex')}.${extension}`;
}

export function localDiskStorage(root: string): UploadStorage {
  const fileOf = (key: string): string => {
    // Keys are made by newStorageKey; anything else (say "../x") never reaches the disk.
    if (!KEY_PATTERN.test(key)) throw new Error(`not an upload storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.partial`;
      await fs.writeFile(partial, bytes, { mode: 0o600 });
      await fs.rename(partial, file);
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const partial = key.endsWith('.partial');
      const file = fileOf(partial ? key.slice(0, -'.partial'.length) : key);
      await fs.rm(partial ? `${file}.partial` : file, { force: true });
    },
    async *list() {
      let entries;
      try {
        entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path
          .relative(root, path.join(entry.parentPath, entry.name))
          .split(path.sep)
          .join('/');
        // Only what put() writes: a ".partial" left by a crash mid-write is a stored key too.
        const stored = key.endsWith('.partial') ? key.slice(0, -'.partial'.length) : key;
        if (!KEY_PATTERN.test(stored)) continue;
        const stat = await fs.stat(path.join(root, key)).catch(() => null);
        if (stat) yield { key, storedAt: stat.mtimeMs };
      }
    },
  };
}
