import type { AdvancedRoute, ErrorKey, KycKind, UserAuth } from '@tidemark/contract';

/** Why a verification form cannot be sent now, and the catalogue text that says so. */
export type Gate = { open: true } | { open: false; key: ErrorKey; needsPrimary?: boolean };

/**
 * Whether the user may submit this kind of verification now (the server checks the same, in this
 * order): primary unless it is in review or verified; advanced only after primary is verified,
 * not by the other route while one is in review or verified (ID and passport exclude each other;
 * after a failure either may be tried), and never while in review or once verified.
 */
export function verificationGate(auth: UserAuth, kind: KycKind): Gate {
  if (kind === 'primary') {
    if (auth.primary.state === 'certifying') return { open: false, key: 'kycPending' };
    if (auth.primary.state === 'verified') return { open: false, key: 'kycAlreadyVerified' };
    return { open: true };
  }
  if (auth.primary.state !== 'verified') {
    return { open: false, key: 'primaryVerificationRequired', needsPrimary: true };
  }
  const { advanced } = auth;
  const route: AdvancedRoute = kind;
  const routeHeld = advanced.state === 'certifying' || advanced.state === 'verified';
  if (routeHeld && advanced.route !== null && advanced.route !== route) {
    return { open: false, key: 'kycRouteTaken' };
  }
  if (advanced.state === 'certifying') return { open: false, key: 'kycPending' };
  if (advanced.state === 'verified') return { open: false, key: 'kycAlreadyVerified' };
  return { open: true };
}

/**
 * Why this form's last submission failed, shown above it; null when it did not fail. The ID and
 * passport routes share one level, but a failed ID submission's reason is not the passport form's.
 */
export function failureReason(auth: UserAuth, kind: KycKind): string | null {
  if (kind === 'primary') return auth.primary.state === 'failed' ? auth.primary.reason : null;
  const { advanced } = auth;
  return advanced.state === 'failed' && advanced.route === kind ? advanced.reason : null;
}
