import { QUOTE_CURRENCY } from '../constants';
import { formatMoney, parseMoney, roundMoney } from '../money';
import { displayDecimal } from './format';

/**
 * How many decimal places an amount of a currency is shown with, the same on every page (balances,
 * transfers, deposits, withdrawals, fees, order history, the account log): USDT to the cent, BTC to
 * the satoshi as every exchange shows it, and each other coin to the places at which one step is
 * worth about a cent at its configured price (apps/server/src/market/coins.ts), never fewer than
 * its trading lot. A currency not listed shows the wire's 8.
 */
export const DISPLAY_DECIMALS: Readonly<Record<string, number>> = {
  [QUOTE_CURRENCY]: 2,
  BTC: 8,
  ETH: 6,
  BNB: 5,
  SOL: 5,
  LTC: 4,
  AVAX: 4,
  LINK: 4,
  DOT: 3,
  XRP: 3,
  ADA: 2,
  TRX: 2,
  DOGE: 2,
};

const WIRE_DECIMALS = 8;

/** The places a currency's amounts are shown with (DISPLAY_DECIMALS). */
export function displayPlaces(currency: string): number {
  return DISPLAY_DECIMALS[currency.toUpperCase()] ?? WIRE_DECIMALS;
}

/**
 * A wire amount of a currency for display: its DISPLAY_DECIMALS places, cut (never rounded up, so
 * a balance never looks larger than it is), grouped by thousands. An amount that is not zero is
 * never shown as zero: a fee of 0.001 USDT or 0.00000005 BTC keeps the places down to its first
 * significant digit ("0.001"), up to the wire's 8.
 */
export function displayAmount(decimal: string, currency: string): string {
  const places = displayPlaces(currency);
  const shown = displayDecimal(decimal, places);
  if (places >= WIRE_DECIMALS || /[1-9]/.test(shown)) return shown;
  const fraction = decimal.split('.')[1] ?? '';
  const first = fraction.slice(0, WIRE_DECIMALS).search(/[1-9]/);
  return first < 0 ? shown : displayDecimal(decimal, first + 1);
}

/**
 * A wire amount taken down to its currency's display places (toward minus infinity): a gain or a
 * balance is cut as displayAmount cuts it, and a loss is shown whole (-0.1077 USDT as -0.11, not
 * -0.10), so that a figure shown beside its parts adds up with them (a position's margin, P&L and
 * equity) and a loss never looks smaller than it is.
 */
export function floorAtDisplay(decimal: string, currency: string): string {
  const value = parseMoney(decimal);
  if (value >= 0n) return decimal;
  const floored = roundMoney(value, displayPlaces(currency), 'down');
  return floored === value ? decimal : formatMoney(floored);
}

/**
 * An amount a message asks for ("repaying needs 100.70 USDT"): never cut, since a requirement shown
 * smaller than it is cannot be met by paying what it says (100.705 stays 100.705), and at least the
 * currency's display places, grouped, as the page beside it shows amounts ("100.70", "1,000.00").
 */
export function neededAmount(decimal: string, currency: string): string {
  return everyDigit(decimal, displayPlaces(currency));
}

/**
 * A decimal with every significant digit it has and at least `minPlaces`, grouped:
 * ("95250.02000000", 2) -> "95,250.02". Nothing is cut, so what it shows is the stored value.
 */
export function everyDigit(decimal: string, minPlaces: number): string {
  const digits = (decimal.split('.')[1] ?? '').replace(/0+$/, '').length;
  return displayDecimal(decimal, Math.max(minPlaces, digits));
}
