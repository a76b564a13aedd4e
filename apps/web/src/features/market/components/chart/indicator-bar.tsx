import { useTranslation } from 'react-i18next';
import { INDICATORS, type Indicator } from '../../indicators';

/** The indicators under the candles, each switched on and off by a tap. */
export function IndicatorBar({
  on,
  onToggle,
}: {
  on: readonly Indicator[];
  onToggle: (which: Indicator) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="indicator-bar" role="group" aria-label={t('chart.indicators')} dir="ltr">
      {INDICATORS.map((indicator) => (
        <button
          key={indicator}
          type="button"
          className="indicator-bar__item"
          data-indicator={indicator}
          aria-pressed={on.includes(indicator)}
          title={t(`chart.indicatorNames.${indicator}`)}
          onClick={() => onToggle(indicator)}
        >
          {indicator}
        </button>
      ))}
    </div>
  );
}
