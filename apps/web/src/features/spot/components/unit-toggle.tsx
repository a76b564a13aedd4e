import { useTranslation } from 'react-i18next';

/** The currency at the end of a market buy's box: tap to enter the other currency instead. */
export function UnitToggle({
  unit,
  other,
  onSwitch,
}: {
  unit: string;
  other: string;
  onSwitch: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="unit-toggle"
      data-unit={unit}
      aria-label={t('spot.form.enterIn', { currency: other })}
      onClick={onSwitch}
    >
      {unit}
      <svg viewBox="0 0 12 12" aria-hidden="true" className="unit-toggle__icon">
        <path
          d="M3.5 1v9M1 7.5l2.5 2.5L6 7.5M8.5 11V2M6 4.5 8.5 2 11 4.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
