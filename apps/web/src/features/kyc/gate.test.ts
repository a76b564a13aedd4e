import type { UserAuth, VerificationState } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { failureReason, verificationGate } from './gate';

const level = (state: VerificationState) => ({
  state,
  reason: state === 'failed' ? 'blurry photo' : null,
  submissionId: state === 'notCertified' ? null : 1,
  submittedAt: null,
  reviewedAt: null,
});

const auth = (
  primary: VerificationState,
  advanced: VerificationState = 'notCertified',
  route: UserAuth['advanced']['route'] = null,
): UserAuth => ({
  verifyLevel: primary === 'verified' ? (advanced === 'verified' ? 2 : 1) : 0,
  primary: level(primary),
  advanced: { ...level(advanced), route, available: primary === 'verified' },
});

describe('who may submit which verification', () => {
  it('lets primary be submitted, and again after a failure, but not while in review or done', () => {
    expect(verificationGate(auth('notCertified'), 'primary')).toEqual({ open: true });
    expect(verificationGate(auth('failed'), 'primary')).toEqual({ open: true });
    expect(verificationGate(auth('certifying'), 'primary')).toMatchObject({ key: 'kycPending' });
    expect(verificationGate(auth('verified'), 'primary')).toMatchObject({
      key: 'kycAlreadyVerified',
    });
  });

  it('needs primary verified before either advanced route', () => {
    for (const state of ['notCertified', 'certifying', 'failed'] as const) {
      expect(verificationGate(auth(state), 'identity')).toEqual({
        open: false,
        key: 'primaryVerificationRequired',
        needsPrimary: true,
      });
      expect(verificationGate(auth(state), 'passport')).toMatchObject({ needsPrimary: true });
    }
    expect(verificationGate(auth('verified'), 'identity')).toEqual({ open: true });
    expect(verificationGate(auth('verified'), 'passport')).toEqual({ open: true });
  });

  it('keeps ID and passport apart while one is in review or verified', () => {
    const failedPassport = auth('verified', 'failed', 'passport');
    expect(verificationGate(failedPassport, 'passport')).toEqual({ open: true });
    expect(verificationGate(failedPassport, 'identity')).toEqual({ open: true });
    expect(verificationGate(auth('verified', 'certifying', 'identity'), 'passport')).toMatchObject({
      key: 'kycRouteTaken',
    });
    expect(verificationGate(auth('verified', 'verified', 'passport'), 'identity')).toMatchObject({
      key: 'kycRouteTaken',
    });
    expect(verificationGate(auth('verified', 'certifying', 'identity'), 'identity')).toMatchObject({
      key: 'kycPending',
    });
    expect(verificationGate(auth('verified', 'verified', 'identity'), 'identity')).toMatchObject({
      key: 'kycAlreadyVerified',
    });
  });
});

describe('the failure reason above a form', () => {
  it('shows primary its own reason, and nothing once it is not failed', () => {
    expect(failureReason(auth('failed'), 'primary')).toBe('blurry photo');
    expect(failureReason(auth('certifying'), 'primary')).toBeNull();
  });

  it("shows an advanced route only the reason of its own failed submission, not the other's", () => {
    const idFailed = auth('verified', 'failed', 'identity');
    expect(failureReason(idFailed, 'identity')).toBe('blurry photo');
    expect(failureReason(idFailed, 'passport')).toBeNull();
    expect(failureReason(auth('verified', 'failed', 'passport'), 'identity')).toBeNull();
    expect(failureReason(auth('verified', 'notCertified'), 'passport')).toBeNull();
  });
});
