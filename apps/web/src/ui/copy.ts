import { i18next } from './i18n';
import { showToast } from './toast';

/** Copies text and says so: "Copied" or "Copy failed" (SPEC.md section 8). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    showToast(i18next.t('success.copied'), 'success');
    return true;
  } catch {
    showToast(i18next.t('errors.copyFailed'), 'fail');
    return false;
  }
}
