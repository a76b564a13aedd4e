import { ACCOUNT_MODES, type AccountMode } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';

/** The two books (real, demo) as choices of a select or a segmented control, named in the language. */
export function useBookOptions(): { value: AccountMode; label: string }[] {
  const { t } = useTranslation();
  return ACCOUNT_MODES.map((mode) => ({ value: mode, label: t(`console.books.${mode}`) }));
}
