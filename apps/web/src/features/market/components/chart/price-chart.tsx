import type { Candle, CandlePeriod } from '@tidemark/contract';
import { groupThousands } from '@tidemark/contract/rules';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNELS } from '../../../../api/socket';
import { useChannel } from '../../../../api/use-channel';
import { useCandles } from '../../api/candles';
import { usePalette, withAlpha, type Palette } from '../../hooks/use-palette';
import { MarketProblem } from '../market-problem';
import type { ChartView } from '../period-tabs';
import { toCandle, toLinePoint, toVolumeBar } from './chart-data';

/**
 * The price chart of the chart page: lightweight-charts, loaded with this module only (its own
 * chunk). History comes from findByBProductId, then `candle.<symbol>.<period>` frames move the
 * last bar or add a new one.
 */

type Mode = 'line' | 'candles';

interface Series {
  mode: Mode;
  price: ISeriesApi<'Area'> | ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'> | null;
}

function chartLook(palette: Palette, intraday: boolean) {
  return {
    layout: {
      background: { type: ColorType.Solid, color: palette.background },
      textColor: palette.text,
      fontFamily: palette.font,
      fontSize: 11,
    },
    grid: {
      vertLines: { color: palette.grid },
      horzLines: { color: palette.grid },
    },
    crosshair: {
      vertLine: {
        color: palette.text,
        style: LineStyle.Dashed,
        labelBackgroundColor: palette.border,
      },
      horzLine: {
        color: palette.text,
        style: LineStyle.Dashed,
        labelBackgroundColor: palette.border,
      },
    },
    rightPriceScale: { borderColor: palette.border },
    timeScale: { borderColor: palette.border, timeVisible: intraday, secondsVisible: false },
  };
}

function volumeColours(palette: Palette) {
  return { up: withAlpha(palette.up, 0.45), down: withAlpha(palette.down, 0.45) };
}

function addSeries(chart: IChartApi, mode: Mode): Series {
  if (mode === 'line') {
    const price = chart.addSeries(AreaSeries, { lineWidth: 2 });
    price.priceScale().applyOptions({ scaleMargins: { top: 0.12, bottom: 0.08 } });
    return { mode, price, volume: null };
  }
  const price = chart.addSeries(CandlestickSeries, {});
  price.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.26 } });
  // An overlay on its own blank scale: the bars sit in the bottom fifth, under the candles.
  const volume = chart.addSeries(HistogramSeries, {
    priceScaleId: '',
    priceFormat: { type: 'volume' },
    lastValueVisible: false,
    priceLineVisible: false,
  });
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  return { mode, price, volume };
}

function paint(series: Series, palette: Palette, precision: number): void {
  const priceFormat = { type: 'price' as const, precision, minMove: 10 ** -precision };
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

function fill(series: Series, candles: readonly Candle[], period: CandlePeriod, palette: Palette) {
  if (series.mode === 'line') {
    (series.price as ISeriesApi<'Area'>).setData(candles.map((c) => toLinePoint(c, period)));
  } else {
    (series.price as ISeriesApi<'Candlestick'>).setData(candles.map((c) => toCandle(c, period)));
    const colours = volumeColours(palette);
    series.volume?.setData(candles.map((c) => toVolumeBar(c, period, colours)));
  }
}

interface PriceChartProps {
  symbol: string;
  view: ChartView;
  /** Places of the pair's prices (product pricePrecision). */
  precision: number;
}

export default function PriceChart({ symbol, view, precision }: PriceChartProps) {
  const { t, i18n } = useTranslation();
  const period: CandlePeriod = view === 'line' ? '1min' : view;
  const mode: Mode = view === 'line' ? 'line' : 'candles';
  const intraday = !['1day', '1week', '1mon'].includes(period);
  const history = useCandles(symbol, period);
  const palette = usePalette();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<Series | null>(null);
  /** Open time of the last bar drawn: the chart refuses updates older than it. */
  const lastTime = useRef<number | null>(null);

  // The chart itself, once; autoSize follows the box as the page resizes.
  useEffect(() => {
    if (!box.current) return;
    chart.current = createChart(box.current, {
      autoSize: true,
      handleScale: { axisPressedMouseMove: { time: true, price: false } },
      timeScale: { rightOffset: 3, barSpacing: 7, minBarSpacing: 2 },
    });
    return () => {
      chart.current?.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  // The series of the mode: an area for the line, candles with volume under them otherwise.
  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    const made = addSeries(current, mode);
    series.current = made;
    return () => {
      if (chart.current !== current) return; // the whole chart is already gone
      current.removeSeries(made.price);
      if (made.volume) current.removeSeries(made.volume);
      series.current = null;
    };
  }, [mode]);

  // Colours, precision and labels: on theme change, language change and product load.
  useEffect(() => {
    const current = chart.current;
    if (!current || !series.current) return;
    current.applyOptions({
      ...chartLook(palette, intraday),
      localization: {
        locale: i18n.language === 'ar' ? 'en' : document.documentElement.lang || 'en',
        priceFormatter: (price: number) => groupThousands(price.toFixed(precision)),
      },
    });
    paint(series.current, palette, precision);
  }, [palette, precision, intraday, i18n.language, mode]);

  // History: drawn whenever it is (re)read; cleared while another pair or period loads.
  useEffect(() => {
    const current = series.current;
    if (!current) return;
    const candles = history.data ?? [];
    fill(current, candles, period, palette);
    lastTime.current = candles.at(-1)?.time ?? null;
    if (candles.length) chart.current?.timeScale().scrollToRealTime();
  }, [history.data, period, palette, mode]);

  useChannel(CHANNELS.candle(symbol, period), (candle) => {
    const current = series.current;
    if (!current || lastTime.current === null || candle.time < lastTime.current) return;
    lastTime.current = candle.time;
    if (current.mode === 'line') {
      (current.price as ISeriesApi<'Area'>).update(toLinePoint(candle, period));
    } else {
      (current.price as ISeriesApi<'Candlestick'>).update(toCandle(candle, period));
      current.volume?.update(toVolumeBar(candle, period, volumeColours(palette)));
    }
  });

  return (
    <div className="price-chart" dir="ltr" data-view={view} data-period={period}>
      <div ref={box} className="price-chart__canvas" />
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
  );
}
