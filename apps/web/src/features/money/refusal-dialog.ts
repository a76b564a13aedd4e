import { confirmDialog } from '../../ui/dialog';
import { i18next } from '../../ui/i18n';
import { showToast } from '../../ui/toast';
import { FIX_ROUTES, type Refusal } from './withdraw-checks';

/**
 * Shows a refusal with its catalogue text. One with a fix ("wallet not bound, go set the
 * withdrawal address", "no payment password set, go set one", primary verification) asks whether
 * to go there, and answers the route to open, or null.
 */
export async function showRefusal(refusal: Refusal): Promise<string | null> {
  const text = i18next.t(`errors.${refusal.key}`, refusal.params ?? {});
  if (!refusal.fix) {
    showToast(text, 'fail');
    return null;
  }
  const go = await confirmDialog({
    content: text,
    confirmText: i18next.t(`withdraw.fix.${refusal.fix}`),
    cancelText: i18next.t('common.cancel'),
  });
  return go ? FIX_ROUTES[refusal.fix] : null;
}
