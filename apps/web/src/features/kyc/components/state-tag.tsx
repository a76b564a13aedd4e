import type { VerificationState } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';

/** not certified, certifying (under review), failed, verified. */
export function VerificationStateTag({ state }: { state: VerificationState }) {
  const { t } = useTranslation();
  return (
    <span className={`status-tag status-tag--${state}`} data-state={state}>
      {t(`verify.states.${state}`)}
    </span>
  );
}
