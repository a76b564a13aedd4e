import { displayAmount, displayPlaces, everyDigit, QUOTE_CURRENCY } from '@tidemark/contract/rules';

/**
 * The one way the app shows an amount of money: every page (assets, transfer, deposit,
 * withdrawal, wallet, order history, the account log) formats through these, so one currency looks
 * the same everywhere. The places per currency are the contract's DISPLAY_DECIMALS (USDT 2, BTC 8,
 * ...); amounts are cut, never rounded up, and one that is not zero never shows as zero (a fee of
 * 0.001 USDT stays "0.001"). Prices keep their product's precision (features/market/format).
 */
export function formatAmount(decimal: string, currency: string): string {
  return displayAmount(decimal, currency);
}

/** An amount followed by its currency: "1,000.00 USDT". */
export function formatMoneyText(decimal: string, currency: string): string {
  return `${formatAmount(decimal, currency)} ${currency}`;
}

/**
 * An amount that moves exactly as shown (what a repayment debits, a quote's lines that must add
 * up): never cut, with every significant digit and at least the currency's places, followed by
 * its currency: "508.535 USDT", "10.0694 USDT", "5.00 USDT".
 */
export function formatExactText(decimal: string, currency: string): string {
  return `${everyDigit(decimal, displayPlaces(currency))} ${currency}`;
}

/** A USDT value (a converted total, a row's worth, an order's turnover). */
export function formatUsdt(decimal: string): string {
  return formatAmount(decimal, QUOTE_CURRENCY);
}

/** A signed change: "+250.50" for a credit, "-250.50" for a debit, no sign for zero. */
export function formatSigned(decimal: string, currency: string): string {
  const shown = formatAmount(decimal, currency);
  return !decimal.startsWith('-') && /[1-9]/.test(shown) ? `+${shown}` : shown;
}
