/** Eastern Arabic and Persian digits, as ASCII ("٥" -> "5", "۵" -> "5"). */
const ARABIC_ZERO = 0x660;
const PERSIAN_ZERO = 0x6f0;
function asciiDigit(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code >= ARABIC_ZERO && code <= ARABIC_ZERO + 9) return String(code - ARABIC_ZERO);
  if (code >= PERSIAN_ZERO && code <= PERSIAN_ZERO + 9) return String(code - PERSIAN_ZERO);
  return ch;
}
/** The Arabic decimal separator and thousands separator. */
const ARABIC_DECIMAL = '\u066b';
const ARABIC_THOUSANDS = '\u066c';
/** A whole number grouped by thousands with commas, as the app writes amounts ("10,000"). */
const GROUPED = /^[1-9]\d{0,2}(,\d{3})+$/;
/** The same grouped with points, as German writes it ("1.000"). */
const GROUPED_POINTS = /^[1-9]\d{0,2}(\.\d{3})+$/;

/**
 * Which separator of `raw` is its decimal point. Only where the others group a whole number by
 * thousands are they dropped: "10,000" and "1,000.50" as the app writes amounts, "1.000,50" as
 * German does. Anything else keeps the first separator as the point, as typing does: a comma
 * pressed after "10.5" must not make it 105. Null: no separator is a decimal point.
 */
function decimalSeparator(raw: string): ',' | '.' | null {
  const text = raw.trim();
  const comma = text.lastIndexOf(',');
  const point = text.lastIndexOf('.');
  if (comma >= 0 && point < 0 && GROUPED.test(text)) return null;
  if (comma >= 0 && point > comma && GROUPED.test(text.slice(0, point))) return '.';
  if (point >= 0 && comma > point && GROUPED_POINTS.test(text.slice(0, comma))) return ',';
  const first = text.search(/[.,]/);
  return first < 0 ? null : (text[first] as ',' | '.');
}

/**
 * Amount inputs keep only digits and one decimal point (SPEC.md section 5), read as a person
 * writes the number: thousands separators dropped, a decimal comma taken as the point, Arabic
 * and Persian digits as ASCII.
 */
export function sanitizeAmountInput(raw: string, maxDecimals = 8): string {
  const text = Array.from(raw, asciiDigit)
    .join('')
    .replaceAll(ARABIC_THOUSANDS, '')
    .replaceAll(ARABIC_DECIMAL, '.');
  const separator = decimalSeparator(text);
  let seenPoint = false;
  let out = '';
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === separator && !seenPoint) {
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
