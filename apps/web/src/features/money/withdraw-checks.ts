import {
  formatMoney,
  hasPrecision,
  parseMoney,
  tryParseMoney,
  type ErrorKey,
  type MessageParams,
  type WithdrawTerms,
} from '@tidemark/contract';
import { formatAmount, formatUsdt } from '../../ui/amount-format';
import { finishAmount } from '../assets/amounts';
import { VERIFY_ROUTES } from '../kyc/routes';
import { WALLET_ROUTES } from '../wallet/routes';

/** What the amount plus its fee comes to: what leaves the coin wallet. */
export function totalWithFee(amount: string, fee: string): string | null {
  const units = tryParseMoney(finishAmount(amount));
  if (units === null || units <= 0n) return null;
  return formatMoney(units + parseMoney(fee));
}

/**
 * "All": the most that can be sent so that amount plus fee fits the available balance, cut to
 * the chain's decimal places (never rounded up); "0" when the fee alone does not fit.
 */
export function maxWithdrawable(available: string, fee: string, decimals: number): string {
  const room = parseMoney(available) - parseMoney(fee);
  if (room <= 0n) return '0';
  const places = Math.max(0, Math.min(decimals, 8));
  // formatMoney cuts to the places, never rounds up.
  return formatMoney(room, places);
}

/**
 * Where a refusal's fix lives: the page that binds an address, verifies, sets the password, or
 * trades (spot volume counts toward the withdrawal threshold).
 */
export type RefusalFix = 'wallet' | 'verify' | 'payPassword' | 'trade';

export interface Refusal {
  key: ErrorKey;
  params?: MessageParams;
  fix?: RefusalFix;
}

/** The pages that fix a refusal (SPEC.md section 8: "go set the withdrawal address"...). */
export const FIX_ROUTES: Record<RefusalFix, string> = {
  wallet: WALLET_ROUTES.address,
  verify: VERIFY_ROUTES.index,
  payPassword: '/pages/setting/payPassWord',
  trade: '/pages/trade/index',
};

/** The refusals the server sends that have a page to fix them. */
export function fixOf(key: string | undefined): RefusalFix | undefined {
  if (key === 'walletNotBound') return 'wallet';
  if (key === 'primaryVerificationRequired') return 'verify';
  if (key === 'noPayPassword') return 'payPassword';
  return undefined;
}

/** The trading-volume threshold not yet met, with the volume so far and the way to trade. */
export function volumeRefusal(terms: WithdrawTerms): Refusal {
  return {
    key: 'volumeThreshold',
    params: {
      required: formatUsdt(terms.volumeThreshold),
      current: formatUsdt(terms.volume),
    },
    fix: 'trade',
  };
}

/**
 * Whether the amount typed so far, with the fee, is more than the balance can pay (a warning shown
 * as the trader types; nothing typed or not a number yet: false).
 */
export function overBalance(terms: WithdrawTerms, amount: string): boolean {
  const units = tryParseMoney(finishAmount(amount.trim()));
  if (units === null || units <= 0n) return false;
  return units + parseMoney(terms.fee) > parseMoney(terms.available);
}

/**
 * Whether the amount typed so far is above zero but under the withdrawal minimum (a warning shown
 * as the trader types, with the minimum; nothing typed or not a number yet: false).
 */
export function underMinimum(terms: WithdrawTerms, amount: string): boolean {
  const units = tryParseMoney(finishAmount(amount.trim()));
  if (units === null || units <= 0n) return false;
  return units < parseMoney(terms.minimum);
}

interface WithdrawDraft {
  /** The bound address chosen, if any. */
  walletId: number | null;
  amount: string;
}

/**
 * The first reason a withdrawal cannot go ahead, in the order SPEC.md section 5 and the server
 * check them: an account frozen for withdrawals, a bound address, primary verification, a pay
 * password set, the trading-volume threshold, a chain open for withdrawals, then the amount
 * (entered, above zero, within the chain's places, at least the minimum, and with the fee within
 * the balance). null: ask for the pay password and send.
 */
export function withdrawRefusal(terms: WithdrawTerms, draft: WithdrawDraft): Refusal | null {
  if (terms.withdrawFrozen) return { key: 'withdrawFrozen' };
  if (!terms.walletBound || draft.walletId === null) {
    return { key: 'walletNotBound', fix: 'wallet' };
  }
  if (!terms.primaryVerified) return { key: 'primaryVerificationRequired', fix: 'verify' };
  if (!terms.payPasswordSet) return { key: 'noPayPassword', fix: 'payPassword' };
  if (!terms.volumeMet) return volumeRefusal(terms);
  if (!terms.withdrawEnabled) return { key: 'withdrawSuspended' };
  const typed = finishAmount(draft.amount.trim());
  if (typed === '') return { key: 'requiredItems' };
  const units = tryParseMoney(typed);
  if (units === null || units <= 0n) return { key: 'incorrectAmount' };
  if (!hasPrecision(units, terms.decimals)) {
    return { key: 'amountPrecision', params: { places: terms.decimals } };
  }
  if (underMinimum(terms, typed)) {
    return {
      key: 'withdrawBelowMinimum',
      params: { min: formatAmount(terms.minimum, terms.currency), currency: terms.currency },
    };
  }
  if (overBalance(terms, typed)) return { key: 'insufficientBalance' };
  return null;
}
