import { formatMoney, groupThousands, parseMoney, trimDecimal } from '@tidemark/contract';

/** The fields a rule across the terms is shown at. */
export type TermsField = 'minAmount' | 'maxAmount' | 'capacity' | 'saleEnd';

export interface TermsProblem {
  /** A console.financial.rules.* text that names the field. */
  key: string;
  params?: Record<string, string>;
}

const units = (text: string): bigint | null => {
  try {
    return parseMoney(text.trim());
  } catch {
    return null;
  }
};

/**
 * The rules across a package's terms, each at the field to change: minimum not above the maximum
 * per order, maximum not above the capacity, capacity not below the minimum nor below what the
 * package's open orders already hold (`sold`, the larger of the two books'), sale end after its
 * start. A field whose own format is wrong is left to its own rule.
 */
export function termsProblems(
  v: { minAmount: string; maxAmount: string; capacity: string; saleStart: string; saleEnd: string },
  sold: string,
): Partial<Record<TermsField, TermsProblem>> {
  const min = units(v.minAmount);
  const max = units(v.maxAmount);
  const capacity = units(v.capacity);
  const soldUnits = units(sold) ?? 0n;
  const problems: Partial<Record<TermsField, TermsProblem>> = {};
  if (min !== null && max !== null && min > max) problems.minAmount = { key: 'minAboveMax' };
  if (max !== null && capacity !== null && max > capacity)
    problems.maxAmount = {
      key: 'maxAboveCapacity',
      params: { capacity: groupThousands(trimDecimal(formatMoney(capacity))) },
    };
  if (capacity !== null && soldUnits > 0n && capacity < soldUnits)
    problems.capacity = {
      key: 'capacityBelowSold',
      params: { sold: groupThousands(trimDecimal(formatMoney(soldUnits))) },
    };
  else if (capacity !== null && min !== null && capacity < min)
    problems.capacity = { key: 'capacityBelowMin' };
  if (v.saleStart && v.saleEnd && new Date(v.saleEnd).getTime() <= new Date(v.saleStart).getTime())
    problems.saleEnd = { key: 'saleEndBeforeStart' };
  return problems;
}

/** What a package's open orders hold in its fuller book: the least its capacity may be. */
export function soldOf(open: readonly { principal: string }[]): string {
  const most = open.reduce((m, o) => {
    const p = units(o.principal) ?? 0n;
    return p > m ? p : m;
  }, 0n);
  return formatMoney(most);
}
