import { SPOT_SIDES, type SpotSide } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';

/** Buy | Sell, each in its own colour when chosen. */
export function SideSwitch({
  side,
  onChange,
}: {
  side: SpotSide;
  onChange: (side: SpotSide) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="side-switch" role="group" aria-label={t('spot.sideLabel')}>
      {SPOT_SIDES.map((option) => (
        <button
          key={option}
          type="button"
          className="side-switch__option"
          data-side={option}
          aria-pressed={option === side}
          onClick={() => onChange(option)}
        >
          {t(`spot.sides.${option}`)}
        </button>
      ))}
    </div>
  );
}
