import {
  expectedProfit,
  formatMoney,
  MONEY_UNIT,
  parseMoney,
  redemption,
  tryParseMoney,
  type MoneyProduct,
} from '@tidemark/contract';

/**
 * What the combo page shows before the trader confirms, computed with the contract's own rules
 * (the server pays with the very same code): the expected income of an amount, and what an early
 * redemption of it would forfeit and return.
 */

/** A rate fraction as a percentage: "0.00020000" -> "0.02". */
export function percent(rate: string): string {
  return formatMoney(parseMoney(rate) * 100n).replace(/\.?0+$/, '');
}

export interface Quote {
  amount: bigint;
  income: string;
  /** Principal + income at maturity. */
  total: string;
  penalty: string;
  earlyPrincipal: string;
}

/** The figures of an amount on a product; null when the text is no positive amount. */
export function quote(product: MoneyProduct, amountText: string): Quote | null {
  const amount = tryParseMoney(amountText.trim());
  if (amount === null || amount <= 0n) return null;
  const income = expectedProfit(amount, parseMoney(product.dailyRate), product.days);
  const early = redemption(amount, parseMoney(product.penaltyRate));
  return {
    amount,
    income: formatMoney(income),
    total: formatMoney(amount + income),
    penalty: formatMoney(early.penalty),
    earlyPrincipal: formatMoney(early.principal),
  };
}

export type AmountProblem = 'belowMin' | 'aboveMax' | 'aboveRemaining' | 'aboveBalance' | null;

/** Why an amount cannot be bought as typed, checked before the server is asked. */
export function amountProblem(
  product: MoneyProduct,
  amount: bigint,
  available: string | undefined,
): AmountProblem {
  if (amount < parseMoney(product.minAmount)) return 'belowMin';
  if (amount > parseMoney(product.maxAmount)) return 'aboveMax';
  if (amount > parseMoney(product.remaining)) return 'aboveRemaining';
  if (available !== undefined && amount > parseMoney(available)) return 'aboveBalance';
  return null;
}

/** Places an amount of the package may have (USDT: cents), as the amount field takes it. */
export const AMOUNT_DECIMALS = 2;

/**
 * What "All" fills in: the most one order may take, the smallest of the wallet's balance, the
 * per-order maximum and what remains of the package, cut to the field's places; null when nothing.
 */
export function allAmount(product: MoneyProduct, available: string | undefined): string | null {
  if (available === undefined) return null;
  const most = [available, product.maxAmount, product.remaining]
    .map((v) => parseMoney(v))
    .reduce((a, b) => (a < b ? a : b));
  const step = MONEY_UNIT / 10n ** BigInt(AMOUNT_DECIMALS);
  const cut = most - (most % step);
  return cut > 0n ? formatMoney(cut).replace(/\.?0+$/, '') : null;
}

/**
 * The terms the confirm sheet states and that bind the trader, sent with the order: the server
 * refuses it (financialTermsChanged) when the package no longer has them.
 */
export function shownTerms(product: MoneyProduct) {
  return {
    dailyRate: product.dailyRate,
    days: product.days,
    penaltyRate: product.penaltyRate,
    lock: product.lock,
  };
}

/**
 * When the first dividend and the principal's return would come for an order placed now, or, for
 * a package not yet on sale, placed at the sale's start (never from today).
 */
export function purchaseTime(product: MoneyProduct, now: number): number {
  return product.status === 'upcoming' && product.saleStart !== null && product.saleStart > now
    ? product.saleStart
    : now;
}

/**
 * The UTC offset of a zone at an instant in Latin letters in every language ("UTC", "UTC+1",
 * "UTC-5:30"), the device's own zone by default: it labels the dates beside a dividend time that
 * is given in the package's zone.
 */
export function utcOffsetLabel(at: number, timeZone?: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName')?.value;
  return name ? name.replace(/^GMT/, 'UTC').replace(/^UTC[+-]0$/, 'UTC') : (timeZone ?? 'UTC');
}

export { MONEY_UNIT };
