/**
 * Money is a bigint of 1e-8 units (DESIGN.md section 1.4): 1 USDT = 100_000_000n.
 * Decimal strings on the wire, never a JavaScript number.
 */
export const MONEY_DECIMALS = 8;
export const MONEY_UNIT = 100_000_000n;

export type Money = bigint;

/**
 * The largest amount, price or quantity any call accepts, in whole units of any currency:
 * 90,000,000. Below 2^53 units, so the matching engine's numbers stay exact, and a thousand times
 * below what a signed 64-bit column of 1e-8 units holds (92,233,720,368.54775807), so sums of many
 * amounts still fit. The server may lower it per currency; nothing raises it.
 */
export const MAX_AMOUNT: Money = 90_000_000n * MONEY_UNIT;

/** A limit as people write it: no trailing zeros ("90000000", "0.5"). */
export function limitText(units: Money): string {
  return formatMoney(units).replace(/\.?0+$/, '');
}

/** Which way a division that does not come out even is rounded. */
export type Rounding = 'down' | 'up';

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

export class MoneyFormatError extends Error {
  constructor(readonly input: string) {
    super(`not a decimal amount: ${JSON.stringify(input)}`);
    this.name = 'MoneyFormatError';
  }
}

/**
 * Parses a decimal string with at most `decimals` places (default 8) into units.
 * Throws MoneyFormatError for anything else: exponents, commas, spaces, too many places.
 */
export function parseMoney(input: string, decimals: number = MONEY_DECIMALS): Money {
  const match = DECIMAL.exec(input);
  if (!match) throw new MoneyFormatError(input);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > decimals) throw new MoneyFormatError(input);
  const units = BigInt(whole!) * MONEY_UNIT + BigInt(fraction.padEnd(MONEY_DECIMALS, '0'));
  return sign ? -units : units;
}

/** parseMoney that answers null instead of throwing. */
export function tryParseMoney(input: string, decimals: number = MONEY_DECIMALS): Money | null {
  try {
    return parseMoney(input, decimals);
  } catch {
    return null;
  }
}

/** Wire format: always 8 places, e.g. 12500000n -> "0.12500000". */
export function formatMoney(value: Money, decimals: number = MONEY_DECIMALS): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / MONEY_UNIT;
  const fraction = (abs % MONEY_UNIT).toString().padStart(MONEY_DECIMALS, '0').slice(0, decimals);
  const text = decimals > 0 ? `${whole}.${fraction}` : `${whole}`;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** a * b / c with explicit rounding; c must be positive. */
export function mulDiv(a: bigint, b: bigint, c: bigint, rounding: Rounding): bigint {
  if (c <= 0n) throw new RangeError('mulDiv divisor must be positive');
  const product = a * b;
  const quotient = product / c; // truncates toward zero
  const remainder = product % c;
  if (remainder === 0n) return quotient;
  if (rounding === 'down') return product < 0n ? quotient - 1n : quotient;
  return product > 0n ? quotient + 1n : quotient;
}

/** Product of two money values (amount x price, amount x rate). */
export function mulMoney(a: Money, b: Money, rounding: Rounding): Money {
  return mulDiv(a, b, MONEY_UNIT, rounding);
}

/** Quotient of two money values (amount / price). */
export function divMoney(a: Money, b: Money, rounding: Rounding): Money {
  if (b === 0n) throw new RangeError('division by zero');
  return b > 0n ? mulDiv(a, MONEY_UNIT, b, rounding) : mulDiv(-a, MONEY_UNIT, -b, rounding);
}

/** Rounds to a coarser precision (a product's price or quantity step). */
export function roundMoney(value: Money, decimals: number, rounding: Rounding): Money {
  if (decimals >= MONEY_DECIMALS) return value;
  const step = 10n ** BigInt(MONEY_DECIMALS - decimals);
  return mulDiv(value, 1n, step, rounding) * step;
}

/** Whether the value has no more than `decimals` places. */
export function hasPrecision(value: Money, decimals: number): boolean {
  return roundMoney(value, decimals, 'down') === value;
}
