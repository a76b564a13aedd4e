/** Amount inputs keep only digits and one decimal point (SPEC.md section 5). */
export function sanitizeAmountInput(raw: string, maxDecimals = 8): string {
  let seenPoint = false;
  let out = '';
  for (const ch of raw) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if ((ch === '.' || ch === ',') && !seenPoint) {
      seenPoint = true;
      out += '.';
    }
  }
  if (out.startsWith('.')) out = `0${out}`;
  const [whole = '', fraction] = out.split('.');
  const trimmedWhole = whole.replace(/^0+(?=\d)/, '');
  return fraction === undefined
    ? trimmedWhole
    : `${trimmedWhole}.${fraction.slice(0, maxDecimals)}`;
}

/**
 * A wire decimal as a person would type it, without trailing zeros: "100000.50000000" ->
 * "100000.5", "7.00000000" -> "7", "-0.00000000" -> "0".
 */
export function trimDecimal(decimal: string): string {
  const trimmed = decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal;
  return trimmed === '-0' ? '0' : trimmed;
}

/**
 * Groups the whole part of a decimal string by thousands with commas (SPEC.md section 1), in every
 * language: "1234567.5" -> "1,234,567.5".
 */
export function groupThousands(decimal: string): string {
  const negative = decimal.startsWith('-');
  const body = negative ? decimal.slice(1) : decimal;
  const [whole = '', fraction] = body.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** A wire decimal shown with a fixed number of places (truncated, never rounded up) and grouped. */
export function displayDecimal(decimal: string, places: number): string {
  const negative = decimal.startsWith('-');
  const body = negative ? decimal.slice(1) : decimal;
  const [whole = '0', fraction = ''] = body.split('.');
  const shown = places > 0 ? `${whole}.${fraction.padEnd(places, '0').slice(0, places)}` : whole;
  const isZero = /^[0.]*$/.test(shown);
  return `${negative && !isZero ? '-' : ''}${groupThousands(shown)}`;
}
