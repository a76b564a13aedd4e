import { useTranslation } from 'react-i18next';
import { PERCENTS, type Percent } from '../order-math';

/** 25% 50% 75% 100% of the available balance. */
export function PercentShortcuts({
  onPick,
  disabled,
}: {
  onPick: (percent: Percent) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="percent-shortcuts">
      {PERCENTS.map((percent) => (
        <button
          key={percent}
          type="button"
          className="percent-shortcuts__option"
          data-percent={percent}
          disabled={disabled}
          aria-label={t('spot.form.percent', { percent })}
          onClick={() => onPick(percent)}
        >
          <span className="num">{percent}%</span>
        </button>
      ))}
    </div>
  );
}
