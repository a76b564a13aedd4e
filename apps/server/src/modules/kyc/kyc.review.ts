import { VERIFY_LEVEL } from '@tidemark/contract';
import { locksRows, type Trx } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { sendSystemMail } from '../content/content.mail';
import * as repo from './kyc.repository';
import { toKycRecord, type KycRecord } from './kyc.service';

/**
 * The verdicts on a verification submission, for the operator API. Each runs inside the caller's
 * transaction (which writes the audit row beside it), locks the submission (PostgreSQL: FOR
 * UPDATE; SQLite write transactions are IMMEDIATE), and moves it only from certifying, so two
 * operators cannot both decide it: the second gets reviewStateChanged.
 */

export interface KycReview {
  before: KycRecord;
  after: KycRecord;
}

const REASON_MAX = 500;

/** A refusal's reason, trimmed: required and at most 500 characters. */
export function reviewReason(reason: string | undefined | null): string {
  const text = (reason ?? '').trim();
  if (!text) throw new DomainError('reasonRequired');
  if (text.length > REASON_MAX) throw new DomainError('invalidInput');
  return text;
}

async function decide(
  app: AppContext,
  trx: Trx,
  id: number,
  operatorId: number,
  verdict: { status: 'verified' | 'failed'; reason: string | null },
): Promise<KycReview> {
  const row = await repo.findSubmission(trx, id, locksRows(app.database));
  if (!row) throw new DomainError('notFound');
  if (row.status !== 'certifying') throw new DomainError('reviewStateChanged');
  const now = BigInt(app.clock.now());
  const after = await repo.decide(trx, id, {
    ...verdict,
    reviewed_by: BigInt(operatorId),
    now,
  });
  if (!after) throw new DomainError('reviewStateChanged');
  if (verdict.status === 'verified') {
    const level = row.kind === 'primary' ? VERIFY_LEVEL.primary : VERIFY_LEVEL.advanced;
    await repo.raiseVerifyLevel(trx, Number(row.user_id), level, now);
    await sendSystemMail(app, trx, Number(row.user_id), 'verificationPassed', {});
  } else {
    await sendSystemMail(app, trx, Number(row.user_id), 'verificationFailed', {
      reason: verdict.reason ?? '',
    });
  }
  return { before: toKycRecord(row), after: toKycRecord(after) };
}

/** certifying -> verified; users.verify_level becomes 1 (primary) or 2 (identity, passport). */
export function approveKyc(
  app: AppContext,
  trx: Trx,
  input: { id: number; operatorId: number },
): Promise<KycReview> {
  return decide(app, trx, input.id, input.operatorId, { status: 'verified', reason: null });
}

/** certifying -> failed with the reason the user sees; the user may submit again. */
export function rejectKyc(
  app: AppContext,
  trx: Trx,
  input: { id: number; operatorId: number; reason: string },
): Promise<KycReview> {
  const reason = reviewReason(input.reason);
  return decide(app, trx, input.id, input.operatorId, { status: 'failed', reason });
}
