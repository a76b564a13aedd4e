import { useTranslation } from 'react-i18next';
import { periodLabel } from '../option-math';

/** A period's length in words of the current language: "60 s", "5 min", "1 h". */
export function PeriodName({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const { value, unit } = periodLabel(seconds);
  return <span className="num">{t(`optionsTrade.units.${unit}`, { value })}</span>;
}
