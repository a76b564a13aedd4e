import {
  trimDecimal,
  tryParseMoney,
  validLeverageTerms,
  validTierSteps,
  type MemberTier,
} from '@tidemark/contract';
import type { LeverageTermsRecord, LeverageTierRow } from './leverage-types';

/** The contract terms as the form holds them: decimal strings as typed, rates as fractions. */
export interface ContractTermsValues {
  lotPrice: string;
  openFeeRate: string;
  closeFeeRate: string;
  maintenanceRate: string;
  negativeBalanceProtection: boolean;
}

const AMOUNTS = ['lotPrice', 'openFeeRate', 'closeFeeRate', 'maintenanceRate'] as const;

/** The form's starting values: the wire decimals without trailing zeros. */
export function contractTermsOf(terms: LeverageTermsRecord): ContractTermsValues {
  return {
    lotPrice: trimDecimal(terms.lotPrice),
    openFeeRate: trimDecimal(terms.openFeeRate),
    closeFeeRate: trimDecimal(terms.closeFeeRate),
    maintenanceRate: trimDecimal(terms.maintenanceRate),
    negativeBalanceProtection: terms.negativeBalanceProtection,
  };
}

/**
 * Only what the operator changed, so the audit entry's before and after differ where they acted
 * (a value typed as "0.20" equals 0.2 and is no change). Empty when nothing changed.
 */
export function changedContractTerms(
  before: ContractTermsValues,
  after: ContractTermsValues,
): Partial<ContractTermsValues> {
  const out: Partial<ContractTermsValues> = {};
  for (const key of AMOUNTS) {
    const value = after[key].trim();
    const was = tryParseMoney(before[key]);
    const now = tryParseMoney(value);
    if (now === null || was === null || now !== was) out[key] = value;
  }
  if (after.negativeBalanceProtection !== before.negativeBalanceProtection)
    out.negativeBalanceProtection = after.negativeBalanceProtection;
  return out;
}

/** One amount field of the terms on its own; the form marks only the field that is wrong. */
export type TermsAmountField = (typeof AMOUNTS)[number];

/**
 * One field by the server's rule (a positive lot price, a rate from 0 to below 1): the other
 * fields' values cannot make it wrong, so a bad opening fee marks the opening fee alone.
 */
export function termFieldValid(field: TermsAmountField, value: string): boolean {
  const units = tryParseMoney(value.trim());
  if (units === null) return false;
  const valid = { lotPrice: 100n, openFeeRate: 0n, closeFeeRate: 0n, maintenanceRate: 0n };
  return validLeverageTerms({ ...valid, [field]: units });
}

/** The server's own check of the terms: a positive lot price, each rate from 0 to below 1. */
export function contractTermsValid(values: ContractTermsValues): boolean {
  const lotPrice = tryParseMoney(values.lotPrice.trim());
  const openFeeRate = tryParseMoney(values.openFeeRate.trim());
  const closeFeeRate = tryParseMoney(values.closeFeeRate.trim());
  const maintenanceRate = tryParseMoney(values.maintenanceRate.trim());
  if (
    lotPrice === null ||
    openFeeRate === null ||
    closeFeeRate === null ||
    maintenanceRate === null
  )
    return false;
  return validLeverageTerms({ lotPrice, openFeeRate, closeFeeRate, maintenanceRate });
}

/**
 * Whether the tiers stay in order with `tier` changed to these values (the contract's rule:
 * thresholds rise strictly from 0, maximum multiples never fall, 1 to 100).
 */
export function tierChangeValid(
  tiers: readonly LeverageTierRow[],
  tier: MemberTier,
  threshold: string,
  maxMultiple: number,
): boolean {
  const value = tryParseMoney(threshold.trim());
  if (value === null || !Number.isInteger(maxMultiple)) return false;
  const steps = tiers.map((row) => ({
    tier: row.tier,
    threshold: row.tier === tier ? value : (tryParseMoney(row.threshold) ?? 0n),
    maxMultiple: row.tier === tier ? maxMultiple : row.maxMultiple,
  }));
  return validTierSteps(steps);
}
