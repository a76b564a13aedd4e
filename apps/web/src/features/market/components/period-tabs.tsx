import { CANDLE_PERIODS, type CandlePeriod } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { Segmented } from './segmented';

/** The time-sharing line (1min closes) or candles of one period. */
export type ChartView = 'line' | CandlePeriod;
export const CHART_VIEWS: readonly ChartView[] = ['line', ...CANDLE_PERIODS];

export function isChartView(value: unknown): value is ChartView {
  return typeof value === 'string' && (CHART_VIEWS as readonly string[]).includes(value);
}

/**
 * Line, 1m, 15m, 30m, 1H, 1D, 1W, 1M (SPEC.md section 2, option delivery chart periods), and after
 * them the tabs a page adds of its own (the chart page's depth chart).
 */
export function PeriodTabs<Extra extends string = never>({
  value,
  onChange,
  extra = [],
}: {
  // The extra tabs alone say what Extra is (never without them).
  value: NoInfer<ChartView | Extra>;
  onChange: (view: NoInfer<ChartView | Extra>) => void;
  extra?: readonly { key: Extra; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <Segmented<ChartView | Extra>
      className="period-tabs"
      label={t('market.period')}
      items={[...CHART_VIEWS.map((key) => ({ key, label: t(`market.periods.${key}`) })), ...extra]}
      value={value}
      onChange={onChange}
    />
  );
}
