import type { Generated, Selectable } from 'kysely';

/** An uploaded image, re-encoded on arrival; its bytes are in the upload storage under storage_key. */
export interface UploadTable {
  id: Generated<bigint>;
  /** The trader it belongs to (null: uploaded by an operator). */
  owner_user_id: bigint | null;
  /** deposit, wallet, kycFront, kycBack, passport, ... */
  purpose: string;
  storage_key: string;
  media_type: string;
  size: bigint;
  width: bigint;
  height: bigint;
  sha256: string;
  created_at: bigint;
}

export type UploadRow = Selectable<UploadTable>;
