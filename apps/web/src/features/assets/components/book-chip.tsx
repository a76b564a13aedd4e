import type { AccountMode } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';

/** Which book the numbers belong to, read only: Demo or Real. */
export function BookChip({ mode }: { mode: AccountMode }) {
  const { t } = useTranslation();
  return (
    <span className={`book-chip book-chip--${mode}`} data-mode={mode}>
      {t(`account.modes.${mode}`)}
    </span>
  );
}
