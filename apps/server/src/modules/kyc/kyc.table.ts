import type { Generated, Selectable } from 'kysely';

/** One verification submission; a failed one stays, and the user may submit again. */
export interface KycSubmissionTable {
  id: Generated<bigint>;
  user_id: bigint;
  /** primary, identity (advanced by ID) or passport (advanced by passport). */
  kind: string;
  country: string | null;
  address: string | null;
  real_name: string | null;
  id_number: string | null;
  passport_number: string | null;
  front_upload_id: bigint | null;
  back_upload_id: bigint | null;
  /** certifying, verified, failed. */
  status: string;
  reason: string | null;
  reviewed_by: bigint | null;
  reviewed_at: bigint | null;
  created_at: bigint;
  updated_at: bigint;
}

export type KycSubmissionRow = Selectable<KycSubmissionTable>;
