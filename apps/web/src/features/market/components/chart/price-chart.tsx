import type { Candle, CandlePeriod } from '@tidemark/contract';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import {
  AreaSeries,
  CandlestickSeries,
  createChart,
  HistogramSeries,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNELS } from '../../../../api/socket';
import { useChannel } from '../../../../api/use-channel';
import { useCandles } from '../../api/candles';
import { usePalette, withAlpha, type Palette } from '../../hooks/use-palette';
import {
  overlayLines,
  volumeLines,
  type Indicator,
  type IndicatorLine,
  type Point,
} from '../../indicators';
import { MarketProblem } from '../market-problem';
import type { ChartView } from '../period-tabs';
import { ChartAttribution } from './chart-attribution';
import { chartTheme } from './chart-theme';
import {
  canvasLabel,
  chartTime,
  placesFormat,
  toCandle,
  toLinePoint,
  toVolumeBar,
} from './chart-data';

/**
 * The price chart of the chart page: lightweight-charts, loaded with this module only (its own
 * chunk). History comes from findByBProductId, then `candle.<symbol>.<period>` frames move the
 * last bar or add a new one. Candles carry the trader's indicators: MA, EMA or BOLL over the
 * prices, and VOL (the volume with its averages) in a pane of its own under them.
 */

type Mode = 'line' | 'candles';

/** The indicator lines' colours: the same in both themes, distinct from up and down. */
const LINE_COLOURS = ['#f0b90b', '#e377c2', '#8c6bf2'] as const;

interface Series {
  mode: Mode;
  price: ISeriesApi<'Area'> | ISeriesApi<'Candlestick'>;
  overlays: ISeriesApi<'Line'>[];
  volume: ISeriesApi<'Histogram'> | null;
  volumeAverages: ISeriesApi<'Line'>[];
}

function chartLook(palette: Palette, intraday: boolean) {
  const theme = chartTheme(palette);
  return {
    ...theme,
    layout: {
      ...theme.layout,
      // The TradingView link sat over the volume bars; it is a line of text under the chart instead
      // (ChartAttribution), which meets the licence's link requirement without hiding data.
      attributionLogo: false,
      panes: { separatorColor: palette.border, separatorHoverColor: palette.grid },
    },
    timeScale: { ...theme.timeScale, timeVisible: intraday, secondsVisible: false },
  };
}

function volumeColours(palette: Palette) {
  return { up: withAlpha(palette.up, 0.45), down: withAlpha(palette.down, 0.45) };
}

const quietLine = {
  lineWidth: 1,
  lastValueVisible: false,
  priceLineVisible: false,
  crosshairMarkerVisible: false,
} as const;

function addSeries(chart: IChartApi, mode: Mode, indicators: readonly Indicator[]): Series {
  if (mode === 'line') {
    const price = chart.addSeries(AreaSeries, { lineWidth: 2 });
    price.priceScale().applyOptions({ scaleMargins: { top: 0.12, bottom: 0.08 } });
    return { mode, price, overlays: [], volume: null, volumeAverages: [] };
  }
  const price = chart.addSeries(CandlestickSeries, {});
  // Room at the top for the legend: a line of it per overlay indicator, and a little more at
  // 360 px, where MA, EMA and BOLL together wrap onto three full lines.
  const overlaid = indicators.filter((i) => i !== 'VOL').length;
  price.priceScale().applyOptions({ scaleMargins: { top: 0.08 + 0.1 * overlaid, bottom: 0.06 } });
  const overlays = indicators
    .flatMap((indicator) => overlayLines(indicator, []))
    .map((_, i) =>
      chart.addSeries(LineSeries, { ...quietLine, color: LINE_COLOURS[i % LINE_COLOURS.length] }),
    );
  if (!indicators.includes('VOL')) {
    return { mode, price, overlays, volume: null, volumeAverages: [] };
  }
  // The volume has a pane of its own, with its own scale (in K and M), so no price label and no
  // logo lands on its bars.
  const volume = chart.addSeries(
    HistogramSeries,
    { priceFormat: { type: 'volume' }, lastValueVisible: false, priceLineVisible: false },
    1,
  );
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.15, bottom: 0 } });
  const volumeAverages = volumeLines([]).map((_, i) =>
    chart.addSeries(
      LineSeries,
      { ...quietLine, color: LINE_COLOURS[i], priceFormat: { type: 'volume' } },
      1,
    ),
  );
  sizePanes(chart);
  return { mode, price, overlays, volume, volumeAverages };
}

/** The volume pane a quarter of the price pane's height (panes start out equal). */
function sizePanes(chart: IChartApi): void {
  const [price, volume] = chart.panes();
  if (!price || !volume) return;
  price.setStretchFactor(1);
  volume.setStretchFactor(0.3);
}

function removeSeries(chart: IChartApi, series: Series): void {
  for (const s of [series.price, ...series.overlays, ...series.volumeAverages]) {
    chart.removeSeries(s);
  }
  if (series.volume) chart.removeSeries(series.volume);
}

function paint(series: Series, palette: Palette, precision: number): void {
  // Each price series formats its own labels: a chart-wide formatter would give the volume's
  // scale the price's places ("0.00").
  const priceFormat = placesFormat(precision);
  for (const line of series.overlays) line.applyOptions({ priceFormat });
  if (series.mode === 'line') {
    series.price.applyOptions({
      priceFormat,
      lineColor: palette.brand,
      topColor: withAlpha(palette.brand, 0.32),
      bottomColor: withAlpha(palette.brand, 0.02),
    });
  } else {
    series.price.applyOptions({
      priceFormat,
      upColor: palette.up,
      downColor: palette.down,
      borderUpColor: palette.up,
      borderDownColor: palette.down,
      wickUpColor: palette.up,
      wickDownColor: palette.down,
    });
  }
}

/** An indicator line as the chart takes it: whitespace (a time alone) where it has no value. */
function linePoints(candles: readonly Candle[], values: readonly Point[], period: CandlePeriod) {
  return candles.map((c, i) => {
    const time = chartTime(c.time, period);
    const value = values[i];
    return value === null || value === undefined ? { time } : { time, value };
  });
}

export interface LegendLine {
  label: string;
  value: number | null;
  color: string;
}

/** What the indicators come to at the last candle: the chart's legend. */
interface Drawn {
  overlay: LegendLine[];
  volume: LegendLine[];
}

function indicatorLines(candles: readonly Candle[], indicators: readonly Indicator[]) {
  const closes = candles.map((c) => Number(c.close));
  const overlay = indicators.flatMap((indicator) => overlayLines(indicator, closes));
  const volume = indicators.includes('VOL')
    ? volumeLines(candles.map((c) => Number(c.volume)))
    : [];
  return { overlay, volume };
}

const legendOf = (lines: IndicatorLine[]): LegendLine[] =>
  lines.map((line, i) => ({
    label: line.label,
    value: line.values.at(-1) ?? null,
    color: LINE_COLOURS[i % LINE_COLOURS.length] ?? '',
  }));

function fill(
  chart: IChartApi,
  series: Series,
  candles: readonly Candle[],
  period: CandlePeriod,
  palette: Palette,
  indicators: readonly Indicator[],
): Drawn {
  if (series.mode === 'line') {
    (series.price as ISeriesApi<'Area'>).setData(candles.map((c) => toLinePoint(c, period)));
    return { overlay: [], volume: [] };
  }
  (series.price as ISeriesApi<'Candlestick'>).setData(candles.map((c) => toCandle(c, period)));
  const colours = volumeColours(palette);
  series.volume?.setData(candles.map((c) => toVolumeBar(c, period, colours)));
  const lines = indicatorLines(candles, indicators);
  sizePanes(chart);
  lines.overlay.forEach((line, i) =>
    series.overlays[i]?.setData(linePoints(candles, line.values, period)),
  );
  lines.volume.forEach((line, i) =>
    series.volumeAverages[i]?.setData(linePoints(candles, line.values, period)),
  );
  return { overlay: legendOf(lines.overlay), volume: legendOf(lines.volume) };
}

/** The candles with a live frame applied: the last one moved, or a new one added. */
function withFrame(candles: readonly Candle[], frame: Candle): Candle[] {
  const last = candles.at(-1);
  if (last && last.time === frame.time) return [...candles.slice(0, -1), frame];
  return [...candles, frame];
}

function Legend({ lines, places }: { lines: LegendLine[]; places: number }) {
  if (!lines.length) return null;
  return (
    <>
      {lines.map((line) => (
        <span key={line.label} style={{ color: line.color }}>
          {line.label}{' '}
          <span className="num">
            {line.value === null ? '--' : canvasLabel(line.value, places)}
          </span>
        </span>
      ))}
    </>
  );
}

interface PriceChartProps {
  symbol: string;
  view: ChartView;
  /** Places of the pair's prices (product pricePrecision). */
  precision: number;
  /** The indicators the trader switched on (candles only; the line view is the bare price). */
  indicators: readonly Indicator[];
}

export default function PriceChart({ symbol, view, precision, indicators }: PriceChartProps) {
  const { t, i18n } = useTranslation();
  const period: CandlePeriod = view === 'line' ? '1min' : view;
  const mode: Mode = view === 'line' ? 'line' : 'candles';
  const intraday = !['1day', '1week', '1mon'].includes(period);
  const history = useCandles(symbol, period);
  const palette = usePalette();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<Series | null>(null);
  /** The candles drawn, history then live frames: what the indicators are computed over. */
  const drawn = useRef<Candle[]>([]);
  const [legend, setLegend] = useState<Drawn>({ overlay: [], volume: [] });
  const shown = mode === 'candles' ? indicators : [];
  const indicatorKey = shown.join(',');

  // The chart itself, once; autoSize follows the box as the page resizes.
  useEffect(() => {
    if (!box.current) return;
    chart.current = createChart(box.current, {
      autoSize: true,
      handleScale: { axisPressedMouseMove: { time: true, price: false } },
      timeScale: { rightOffset: 3, barSpacing: 7, minBarSpacing: 2 },
      layout: { attributionLogo: false },
    });
    return () => {
      chart.current?.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  // The series of the mode and indicators: an area for the line; candles, the overlay lines and
  // the volume pane otherwise.
  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    const made = addSeries(
      current,
      mode,
      indicatorKey ? (indicatorKey.split(',') as Indicator[]) : [],
    );
    series.current = made;
    return () => {
      if (chart.current !== current) return; // the whole chart is already gone
      removeSeries(current, made);
      series.current = null;
    };
  }, [mode, indicatorKey]);

  // Colours, precision and labels: on theme change, language change and product load.
  useEffect(() => {
    const current = chart.current;
    if (!current || !series.current) return;
    current.applyOptions({
      ...chartLook(palette, intraday),
      localization: {
        locale: i18n.language === 'ar' ? 'en' : document.documentElement.lang || 'en',
      },
    });
    paint(series.current, palette, precision);
  }, [palette, precision, intraday, i18n.language, mode, indicatorKey]);

  // History: drawn whenever it is (re)read; cleared while another pair or period loads.
  useEffect(() => {
    const current = series.current;
    if (!current) return;
    const candles = history.data ?? [];
    drawn.current = [...candles];
    if (chart.current) setLegend(fill(chart.current, current, candles, period, palette, shown));
    if (candles.length) chart.current?.timeScale().scrollToRealTime();
    // `shown` is indicatorKey's array: the key alone says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [history.data, period, palette, mode, indicatorKey]);

  useChannel(CHANNELS.candle(symbol, period), (candle) => {
    const current = series.current;
    const last = drawn.current.at(-1);
    if (!current || !last || candle.time < last.time) return;
    drawn.current = withFrame(drawn.current, candle);
    if (current.mode === 'line') {
      (current.price as ISeriesApi<'Area'>).update(toLinePoint(candle, period));
      return;
    }
    (current.price as ISeriesApi<'Candlestick'>).update(toCandle(candle, period));
    current.volume?.update(toVolumeBar(candle, period, volumeColours(palette)));
    // Only the last value of each average moves; the lines are recomputed over what is drawn.
    const lines = indicatorLines(drawn.current, shown);
    const time = chartTime(candle.time, period);
    const updateLast = (line: IndicatorLine, target: ISeriesApi<'Line'> | undefined) => {
      const value = line.values.at(-1);
      if (target && value !== null && value !== undefined) target.update({ time, value });
    };
    lines.overlay.forEach((line, i) => updateLast(line, current.overlays[i]));
    lines.volume.forEach((line, i) => updateLast(line, current.volumeAverages[i]));
    setLegend({ overlay: legendOf(lines.overlay), volume: legendOf(lines.volume) });
  });

  return (
    <div className="price-chart-wrap">
      <div
        className="price-chart"
        dir="ltr"
        data-view={view}
        data-period={period}
        data-indicators={indicatorKey}
      >
        <div ref={box} className="price-chart__canvas" />
        {legend.overlay.length ? (
          <div className="price-chart__legend" data-legend="overlay">
            <Legend lines={legend.overlay} places={precision} />
          </div>
        ) : null}
        {history.isPending ? (
          <div className="price-chart__overlay" role="status" aria-label={t('common.loading')}>
            <DotLoading color="primary" />
          </div>
        ) : null}
        {history.isError && !history.data ? (
          <div className="price-chart__overlay">
            <MarketProblem onRetry={() => void history.refetch()} />
          </div>
        ) : null}
      </div>
      {legend.volume.length ? (
        <div
          className="price-chart__legend price-chart__legend--volume"
          data-legend="volume"
          dir="ltr"
        >
          <span>VOL</span>
          <Legend lines={legend.volume} places={2} />
        </div>
      ) : null}
      <ChartAttribution />
    </div>
  );
}
