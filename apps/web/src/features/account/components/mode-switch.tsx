import { ACCOUNT_MODES, type AccountMode } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { useSwitchMode } from '../api/account-mutations';

/** Demo | Real: which book the account trades with (SPEC.md section 4). */
export function ModeSwitch({ mode }: { mode: AccountMode }) {
  const { t } = useTranslation();
  const switchMode = useSwitchMode();
  return (
    <div className="mode-switch" role="group" aria-label={t('account.mode')}>
      {ACCOUNT_MODES.map((option) => (
        <button
          key={option}
          type="button"
          className="mode-switch__option"
          data-mode={option}
          aria-pressed={mode === option}
          disabled={switchMode.isPending}
          onClick={() => option !== mode && switchMode.mutate(option)}
        >
          {t(`account.modes.${option}`)}
        </button>
      ))}
    </div>
  );
}
