import { parseMoney } from '@tidemark/contract';
import { finishAmount } from '../assets/amounts';

/** Whether an amount is above zero and within what is available. */
export function fits(amount: string, available: string): boolean {
  try {
    const units = parseMoney(finishAmount(amount));
    return units > 0n && units <= parseMoney(available);
  } catch {
    return false;
  }
}

/** Whether a typed amount is more than what is available (the reason Confirm is off). */
export function overAvailable(amount: string, available: string): boolean {
  try {
    return amount !== '' && parseMoney(finishAmount(amount)) > parseMoney(available);
  } catch {
    return false;
  }
}
