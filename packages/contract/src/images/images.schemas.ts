import * as z from 'zod/mini';
import type { ErrorKey } from '../errors';

/**
 * A file field of a multipart call: a Blob (a File from an <input> or a canvas) in the app, the
 * bytes (a Buffer) once the server has parsed the form. The server decides from the bytes
 * whether it is an image; the name and the declared type are never trusted.
 */
export type UploadFile = Blob | Uint8Array;

/** Purposes an upload is stored for (uploads.purpose). */
export const UPLOAD_PURPOSES = [
  'deposit',
  'wallet',
  'kycFront',
  'kycBack',
  'passport',
  'support',
  'loan',
] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Media types the server accepts, recognised by their first bytes; stored re-encoded as JPEG. */
export const UPLOAD_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const UPLOAD_STORED_TYPE = 'image/jpeg';

function isFile(value: unknown): value is UploadFile {
  return value instanceof Uint8Array || (typeof Blob !== 'undefined' && value instanceof Blob);
}

const missing = (value: unknown) => value === undefined || value === null || value === '';

/** A required image: nothing sent is "required items", anything but a file is "only images". */
/* @__NO_SIDE_EFFECTS__ */
export function imageFile() {
  return z.custom<UploadFile>(isFile, {
    error: (issue): ErrorKey => (missing(issue.input) ? 'requiredItems' : 'uploadNotImage'),
  });
}

/** An optional image: absent, or an empty form field, is none. */
/* @__NO_SIDE_EFFECTS__ */
export function optionalImageFile() {
  return z.optional(
    z.pipe(
      z.union([z.literal(''), imageFile()], { error: 'uploadNotImage' }),
      z.transform((value: '' | UploadFile) => (value === '' ? undefined : value)),
    ),
  );
}
