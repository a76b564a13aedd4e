import { formatMoney, parseMoney } from '@tidemark/contract';

/** A fraction as a percentage without trailing zeros: "0.00100000" -> "0.1%". */
export function percentText(fraction: string): string {
  const text = formatMoney(parseMoney(fraction) * 100n).replace(/\.?0+$/, '');
  return `${text}%`;
}

/** A daily rate as a yearly one (365 days, simple): "0.001" -> "36.5%". */
export function yearlyPercentText(daily: string): string {
  return percentText(formatMoney(parseMoney(daily) * 365n));
}

/** Whole units without trailing zeros: "100.00000000" -> "100". */
export function plainAmount(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/\.?0+$/, '') : decimal;
}
