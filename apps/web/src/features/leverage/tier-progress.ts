import { formatMoney, mulMoney, tryParseMoney } from '@tidemark/contract';

/** A fraction in money units ("0.25000000") as a whole percentage for the bar (25). */
export function progressPercent(progress: string): number {
  const units = tryParseMoney(progress) ?? 0n;
  const percent = Number(mulMoney(units, 100n, 'down'));
  return Math.min(100, Math.max(0, percent));
}

/** What is still missing to the next tier's threshold, never below zero. */
export function volumeMissing(volume: string, threshold: string): string {
  const missing = (tryParseMoney(threshold) ?? 0n) - (tryParseMoney(volume) ?? 0n);
  return formatMoney(missing > 0n ? missing : 0n);
}
