/**
 * Quote arithmetic. price * quantity overflows 2^53 for ordinary orders (60,000 USDT x 0.01 BTC is
 * 6e12 x 1e6 units), so it is done in bigint; a float here would silently lose units.
 *
 * A fill's quote is rounded DOWN to whole units. Down, because floor is superadditive: the fills
 * of one order never sum to more than floor(limit price x quantity / 1e8), so a buyer's hold
 * computed at its limit price always covers what it pays, however the order is split. The
 * sub-unit remainder (< 1 unit per fill) stays with the buyer.
 */

export const UNITS_PER_WHOLE = 100_000_000n;

/** floor(price * quantity / 1e8) in quote units; both arguments are non-negative safe integers. */
export function quoteOf(price: number, quantity: number): bigint {
  return (BigInt(price) * BigInt(quantity)) / UNITS_PER_WHOLE;
}

/**
 * Budget of a market buy by quote amount, kept exact in 1e-16 units (quote units x 1e8), so that
 * `price * quantity` can be subtracted without rounding and the total cost never exceeds it.
 */
export function budgetOf(quoteAmount: number): bigint {
  return BigInt(quoteAmount) * UNITS_PER_WHOLE;
}

/**
 * The most base units `budget` (1e-16 units) pays for at `price`, in whole `lot`s, rounded down,
 * capped at `cap` (a safe integer) so the answer is always a safe integer.
 */
export function affordable(budget: bigint, price: bigint, cap: number, lot = 1n): number {
  const most = (budget / (price * lot)) * lot;
  return most < BigInt(cap) ? Number(most) : cap;
}
