import { assetsCalls } from '@tidemark/contract';
import { validateForm } from '../../api/validate';
import { i18next } from '../../ui/i18n';
import { showToast } from '../../ui/toast';
import type { TransferInput } from './api/assets-mutations';
import { exceedsAvailable, finishAmount } from './amounts';

/**
 * The client-side checks of a transfer in SPEC.md section 5's order, each toasted with its exact
 * text: an empty amount, then an amount that is 0 or not a number (both from the contract's own
 * schema, the one the server applies), then more than the available balance. Answers the input
 * to send, or null.
 */
export async function checkTransfer(
  input: TransferInput,
  available: string,
): Promise<TransferInput | null> {
  const values = { ...input, amount: finishAmount(input.amount) };
  if (!(await validateForm(assetsCalls.transferUserMoney, values))) return null;
  if (exceedsAvailable(values.amount, available)) {
    showToast(i18next.t('errors.insufficientBalance'), 'fail');
    return null;
  }
  return values;
}
