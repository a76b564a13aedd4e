/** One price level of a book side as a screen shows it. */
export interface BookLevel {
  price: string;
  quantity: string;
  /** Running total of the quantities from the best level down to this one. */
  cumulative: number;
}

/**
 * The best `count` levels of one side with their running totals. The totals only size the depth
 * bars behind the rows, so a float is good enough for them; the numbers shown stay the wire's
 * decimal strings.
 */
export function bookLevels(
  side: readonly (readonly [string, string])[],
  count: number,
): { rows: BookLevel[]; total: number } {
  let running = 0;
  const rows = side.slice(0, count).map(([price, quantity]) => {
    running += Number(quantity) || 0;
    return { price, quantity, cumulative: running };
  });
  return { rows, total: running };
}

/** A depth bar's width in percent of the deepest side on screen. */
export function barWidth(level: BookLevel, deepest: number): string {
  return `${Math.min(100, (level.cumulative / (deepest || 1)) * 100)}%`;
}
