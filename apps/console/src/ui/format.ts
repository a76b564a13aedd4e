import { groupThousands, MONEY_UNIT, trimDecimal, tryParseMoney } from '@tidemark/contract';
import { languageInfo } from '@tidemark/i18n';
import { currentLanguage } from './i18n';

/** A wire decimal ("1234.50000000") grouped by thousands without trailing zeros: "1,234.5". */
export function formatAmount(decimal: string | null | undefined): string {
  if (decimal === null || decimal === undefined || decimal === '') return '-';
  return groupThousands(trimDecimal(decimal));
}

/** Whether a wire decimal is zero, whatever its places or sign ("0.00000000", "-0"). */
export function isZeroAmount(decimal: string): boolean {
  return tryParseMoney(decimal) === 0n;
}

/** A trader's phone with its area code ("+49 1701234567"), or a dash. */
export function formatPhone(areaCode: string | null, phone: string | null): string {
  return phone ? `+${areaCode ?? ''} ${phone}` : '-';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language and shape, made on first use. */
function formatter(withYear: boolean): Intl.DateTimeFormat {
  const locale = languageInfo(currentLanguage()).bcp47;
  const key = `${locale}:${withYear ? 'full' : 'short'}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, {
      ...(withYear ? { year: 'numeric' } : {}),
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    });
    formatters.set(key, made);
  }
  return made;
}

/** Epoch milliseconds as a local date and time in the operator's language, seconds included. */
export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '-';
  return formatter(true).format(new Date(ms));
}

/**
 * The same for a narrow cell: without the year when it is the current one ("07/12, 17:19:18" in
 * English); the cell keeps formatTime's full text in its tooltip.
 */
export function formatShortTime(ms: number | null | undefined, now = Date.now()): string {
  if (ms === null || ms === undefined) return '-';
  const date = new Date(ms);
  return formatter(date.getFullYear() !== new Date(now).getFullYear()).format(date);
}

/** A long hash or address shortened for a table cell; the full text stays in the tooltip. */
export function shorten(text: string | null | undefined, keep = 8): string {
  if (!text) return '-';
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
}

/** A rate (a fraction as a wire decimal, "0.85") as a percentage: "85%", "7.5%". */
export function ratePercent(rate: string): string {
  const value = tryParseMoney(rate);
  if (value === null) return '-';
  const percent = value * 100n;
  const whole = percent / MONEY_UNIT;
  const fraction = (percent % MONEY_UNIT).toString().padStart(8, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}

/**
 * A rate of at most 1 (100 %), as the server checks option rates (the contract's validRates:
 * MAX_RETURN_RATE is 1) and rebate rates before taking them; what is not a number yet is the
 * field's own rule to refuse.
 */
export function rateAtMostOne(text: string): boolean {
  const value = tryParseMoney(text.trim());
  return value === null || value <= MONEY_UNIT;
}
