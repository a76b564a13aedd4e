import { limitText, MAX_AMOUNT, tryParseMoney } from '@tidemark/contract';
import { groupThousands } from '@tidemark/contract/rules';
import { DomainError } from '../http/domain-error';

/**
 * The largest amount one request may move, per currency (AMOUNT_MAX, AMOUNT_MAX_BY_CURRENCY).
 * The contract already refuses anything above MAX_AMOUNT in every amount field; these limits can
 * only be lower, so one text ("The amount is too large (at most ...)") answers both.
 */
export interface AmountLimits {
  /** Units (1e-8) for a currency without a limit of its own. */
  max: bigint;
  /** Units per currency code. */
  byCurrency: ReadonlyMap<string, bigint>;
}

/** Reads the two settings; answers the problems for ConfigError instead of limits when wrong. */
export function parseAmountLimits(
  max: string,
  byCurrency: string,
): { limits: AmountLimits } | { problems: string[] } {
  const problems: string[] = [];
  const within = (name: string, text: string): bigint => {
    const units = tryParseMoney(text.trim());
    if (units === null || units <= 0n || units > MAX_AMOUNT) {
      problems.push(`${name}: must be a decimal above 0 and at most ${limitText(MAX_AMOUNT)}`);
      return MAX_AMOUNT;
    }
    return units;
  };
  const limits = { max: within('AMOUNT_MAX', max), byCurrency: new Map<string, bigint>() };
  for (const entry of byCurrency
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^([A-Z0-9]{2,10})=(.+)$/.exec(entry);
    if (!match) {
      problems.push(`AMOUNT_MAX_BY_CURRENCY: "${entry}" is not CURRENCY=amount, like BTC=1000`);
      continue;
    }
    limits.byCurrency.set(match[1]!, within(`AMOUNT_MAX_BY_CURRENCY ${match[1]}`, match[2]!));
  }
  return problems.length ? { problems } : { limits };
}

/** The limit for one currency, in units. */
function amountLimit(limits: AmountLimits, currency: string): bigint {
  return limits.byCurrency.get(currency) ?? limits.max;
}

/** Refuses an amount of `currency` above its limit with amountTooLarge (never a 500 from a column). */
export function checkAmountLimit(limits: AmountLimits, currency: string, units: bigint): void {
  const max = amountLimit(limits, currency);
  if (units > max) throw new DomainError('amountTooLarge', { max: groupThousands(limitText(max)) });
}
