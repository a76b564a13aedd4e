import {
  ADVANCED_ROUTES,
  VERIFY_LEVEL,
  type AdvancedRoute,
  type KycKind,
  type KycSubmission,
  type KycSubmissionState,
  type UploadFile,
  type UploadPurpose,
  type UserAuth,
  type UserAuthInfo,
} from '@tidemark/contract';
import { locksRows, type Trx } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { countryList } from '../common/common.service';
import { insertUpload, prepareImage, withStoredImages } from '../images/images.service';
import * as repo from './kyc.repository';
import type { KycSubmissionRow } from './kyc.table';

/** A submission as the operator API and the review functions see it: with its owner. */
export type KycRecord = KycSubmission & { userId: number };

export function toSubmission(row: KycSubmissionRow): KycSubmission {
  return {
    id: Number(row.id),
    kind: row.kind as KycKind,
    status: row.status as KycSubmissionState,
    reason: row.reason,
    country: row.country,
    address: row.address,
    realName: row.real_name,
    idNumber: row.id_number,
    passportNumber: row.passport_number,
    frontImageId: row.front_upload_id === null ? null : Number(row.front_upload_id),
    backImageId: row.back_upload_id === null ? null : Number(row.back_upload_id),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    reviewedAt: row.reviewed_at === null ? null : Number(row.reviewed_at),
  };
}

export function toKycRecord(row: KycSubmissionRow): KycRecord {
  return { ...toSubmission(row), userId: Number(row.user_id) };
}

type Images = { front: UploadFile; back?: UploadFile | undefined };

interface Details {
  country?: string;
  address?: string;
  realName?: string;
  idNumber?: string;
  passportNumber?: string;
}

/**
 * Stores the images and the submission in one transaction, after `guard` (run inside it, with the
 * user's row locked on PostgreSQL) has said this user may submit now.
 */
async function submit(
  app: AppContext,
  userId: number,
  kind: KycKind,
  details: Details,
  images: Images,
  guard: (trx: Trx) => Promise<void>,
): Promise<KycSubmission> {
  const frontPurpose: UploadPurpose = kind === 'passport' ? 'passport' : 'kycFront';
  const front = await prepareImage(app, images.front, frontPurpose);
  const back = images.back ? await prepareImage(app, images.back, 'kycBack') : null;
  const row = await withStoredImages(app, back ? [front, back] : [front], () =>
    app.writer.run(async (trx) => {
      if (locksRows(app.database)) await repo.lockUser(trx, userId);
      await guard(trx);
      const now = BigInt(app.clock.now());
      const frontId = await insertUpload(app, trx, userId, front);
      const backId = back ? await insertUpload(app, trx, userId, back) : null;
      return repo.insertSubmission(trx, {
        user_id: BigInt(userId),
        kind,
        country: details.country ?? null,
        address: details.address ?? null,
        real_name: details.realName ?? null,
        id_number: details.idNumber ?? null,
        passport_number: details.passportNumber ?? null,
        front_upload_id: BigInt(frontId),
        back_upload_id: backId === null ? null : BigInt(backId),
        status: 'certifying',
        reason: null,
        reviewed_by: null,
        reviewed_at: null,
        created_at: now,
        updated_at: now,
      });
    }),
  );
  return toSubmission(row);
}

/** One submission of a level in review at a time; a verified level is not submitted again. */
function refuseOpen(latest: KycSubmissionRow | undefined): void {
  if (latest?.status === 'verified') throw new DomainError('kycAlreadyVerified');
  if (latest?.status === 'certifying') throw new DomainError('kycPending');
}

export interface PrimaryInput {
  country: string;
  address: string;
  realName: string;
  idNumber: string;
  idFront: UploadFile;
  idBack: UploadFile;
}

/** Primary verification: country, residence address, real name, ID number, ID front and back. */
export async function submitPrimary(
  app: AppContext,
  userId: number,
  input: PrimaryInput,
): Promise<KycSubmission> {
  if (!countryList().some((c) => c.code === input.country)) {
    throw new DomainError('countryInvalid');
  }
  refuseOpen(await repo.latestOf(app.db, userId, ['primary']));
  return submit(
    app,
    userId,
    'primary',
    {
      country: input.country,
      address: input.address,
      realName: input.realName,
      idNumber: input.idNumber,
    },
    { front: input.idFront, back: input.idBack },
    async (trx) => refuseOpen(await repo.latestOf(trx, userId, ['primary'])),
  );
}

/**
 * Advanced verification needs primary verified; one route only: while the newest advanced
 * submission is certifying or verified, the other route is refused (kycRouteTaken); after a
 * failure either route may be tried.
 */
async function guardAdvanced(
  app: AppContext,
  trx: Trx | null,
  userId: number,
  route: AdvancedRoute,
) {
  const db = trx ?? app.db;
  if ((await repo.userVerifyLevel(db, userId)) < VERIFY_LEVEL.primary) {
    throw new DomainError('primaryVerificationRequired');
  }
  const latest = await repo.latestOf(db, userId, ADVANCED_ROUTES);
  if (latest && latest.status !== 'failed' && latest.kind !== route) {
    throw new DomainError('kycRouteTaken');
  }
  refuseOpen(latest);
}

export async function submitIdentity(
  app: AppContext,
  userId: number,
  input: { idFront: UploadFile; idBack: UploadFile },
): Promise<KycSubmission> {
  await guardAdvanced(app, null, userId, 'identity');
  return submit(app, userId, 'identity', {}, { front: input.idFront, back: input.idBack }, (trx) =>
    guardAdvanced(app, trx, userId, 'identity'),
  );
}

export async function submitPassport(
  app: AppContext,
  userId: number,
  input: { passportNumber: string; passportImage: UploadFile },
): Promise<KycSubmission> {
  await guardAdvanced(app, null, userId, 'passport');
  return submit(
    app,
    userId,
    'passport',
    { passportNumber: input.passportNumber },
    { front: input.passportImage },
    (trx) => guardAdvanced(app, trx, userId, 'passport'),
  );
}

function levelState(row: KycSubmissionRow | undefined) {
  return {
    state: row ? (row.status as KycSubmissionState) : ('notCertified' as const),
    reason: row?.status === 'failed' ? row.reason : null,
    submissionId: row ? Number(row.id) : null,
    submittedAt: row ? Number(row.created_at) : null,
    reviewedAt: row?.reviewed_at ? Number(row.reviewed_at) : null,
  };
}

/** The states of both levels (verify/index). */
export async function userAuth(app: AppContext, userId: number): Promise<UserAuth> {
  const [verifyLevel, primary, advanced] = await Promise.all([
    repo.userVerifyLevel(app.db, userId),
    repo.latestOf(app.db, userId, ['primary']),
    repo.latestOf(app.db, userId, ADVANCED_ROUTES),
  ]);
  return {
    verifyLevel,
    primary: levelState(primary),
    advanced: {
      ...levelState(advanced),
      route: advanced ? (advanced.kind as AdvancedRoute) : null,
      available:
        verifyLevel >= VERIFY_LEVEL.primary &&
        advanced?.status !== 'certifying' &&
        advanced?.status !== 'verified',
    },
  };
}

/** The user's own newest submission of each level, as submitted. */
export async function userAuthInfo(app: AppContext, userId: number): Promise<UserAuthInfo> {
  const [primary, advanced] = await Promise.all([
    repo.latestOf(app.db, userId, ['primary']),
    repo.latestOf(app.db, userId, ADVANCED_ROUTES),
  ]);
  return {
    primary: primary ? toSubmission(primary) : null,
    advanced: advanced ? toSubmission(advanced) : null,
  };
}

/**
 * The country of the user's verified primary verification, or null when primary verification is
 * not complete (rules that depend on residence, like where options are offered, read it here).
 */
export async function verifiedPrimaryCountry(
  app: AppContext,
  userId: number,
): Promise<string | null> {
  const [level, primary] = await Promise.all([
    repo.userVerifyLevel(app.db, userId),
    repo.latestOf(app.db, userId, ['primary']),
  ]);
  if (level < VERIFY_LEVEL.primary || primary?.status !== 'verified') return null;
  return primary.country ?? null;
}
