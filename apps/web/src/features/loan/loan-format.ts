import {
  formatMoney,
  parseMoney,
  tryParseMoney,
  type LoanProduct,
  type LoanStatus,
} from '@tidemark/contract';

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

/** Records whose status keeps another application out: one under review or a loan not repaid. */
const OPEN_STATUSES: readonly LoanStatus[] = ['applying', 'passed', 'overdue'];

export type ApplicationProblem =
  | { kind: 'open' }
  | { kind: 'score'; score: number; min: number }
  | { kind: 'range'; min: string; max: string }
  | null;

/**
 * What keeps an application from going through, as soon as it is known (the server checks the
 * same): an open application or loan, a score below the product's band, an amount typed outside
 * its range. Unknown facts (no score or records yet) raise nothing.
 */
export function applicationProblem(
  product: Pick<LoanProduct, 'minAmount' | 'maxAmount' | 'minScore'>,
  facts: { score?: number | undefined; records?: readonly { status: LoanStatus }[] | undefined },
  amountText: string,
): ApplicationProblem {
  if (facts.records?.some((r) => OPEN_STATUSES.includes(r.status))) return { kind: 'open' };
  if (facts.score !== undefined && facts.score < product.minScore)
    return { kind: 'score', score: facts.score, min: product.minScore };
  const amount = tryParseMoney(amountText.replace(/\.$/, ''));
  if (
    amountText !== '' &&
    amount !== null &&
    (amount < parseMoney(product.minAmount) || amount > parseMoney(product.maxAmount))
  )
    return { kind: 'range', min: product.minAmount, max: product.maxAmount };
  return null;
}
