import type { AccountMode } from '@tidemark/contract';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import {
  AreaSeries,
  createOptionsChart,
  LineType,
  type IChartApiBase,
  type ISeriesApi,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepth } from '../../api/depth';
import { depthCurve, type DepthPoint } from '../../depth-curve';
import { formatPrice } from '../../format';
import { usePalette, withAlpha } from '../../hooks/use-palette';
import { ChartAttribution } from './chart-attribution';
import { canvasLabel, placesFormat } from './chart-data';
import { chartTheme } from './chart-theme';

/**
 * The depth chart: the book's cumulative bids (left of the mid price) and asks (right of it), from
 * the live `depth.<symbol>.<book>` channel. lightweight-charts' options chart puts prices on the
 * horizontal scale, so the curves are two stepped area series.
 */

interface DepthChartProps {
  symbol: string;
  book: AccountMode | undefined;
  pricePlaces: number;
  quantityPlaces: number;
}

const points = (curve: DepthPoint[]) => curve.map((p) => ({ time: p.price, value: p.total }));

export default function DepthChart({ symbol, book, pricePlaces, quantityPlaces }: DepthChartProps) {
  const { t } = useTranslation();
  const depth = useDepth(symbol, book);
  const palette = usePalette();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApiBase<number> | null>(null);
  const bids = useRef<ISeriesApi<'Area', number> | null>(null);
  const asks = useRef<ISeriesApi<'Area', number> | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const made = createOptionsChart(box.current, {
      autoSize: true,
      handleScroll: false,
      handleScale: false,
      layout: { attributionLogo: false },
      // The prices along the bottom: set when the chart is made, so a new precision makes a new one.
      localization: {
        precision: pricePlaces,
        timeFormatter: (price: number) => canvasLabel(price, pricePlaces),
      },
    });
    const style = {
      lineWidth: 2,
      lineType: LineType.WithSteps,
      lastValueVisible: false,
      priceLineVisible: false,
    } as const;
    bids.current = made.addSeries(AreaSeries, style);
    asks.current = made.addSeries(AreaSeries, style);
    // Room at the top for the legend (bids, mid price, asks).
    bids.current.priceScale().applyOptions({ scaleMargins: { top: 0.14, bottom: 0.02 } });
    chart.current = made;
    return () => {
      made.remove();
      chart.current = null;
      bids.current = null;
      asks.current = null;
    };
  }, [pricePlaces]);

  useEffect(() => {
    const theme = chartTheme(palette);
    chart.current?.applyOptions({
      ...theme,
      grid: { ...theme.grid, vertLines: { visible: false } },
    });
    const quantityFormat = placesFormat(quantityPlaces);
    bids.current?.applyOptions({
      lineColor: palette.up,
      topColor: withAlpha(palette.up, 0.4),
      bottomColor: withAlpha(palette.up, 0.05),
      priceFormat: quantityFormat,
    });
    asks.current?.applyOptions({
      lineColor: palette.down,
      topColor: withAlpha(palette.down, 0.4),
      bottomColor: withAlpha(palette.down, 0.05),
      priceFormat: quantityFormat,
    });
  }, [palette, pricePlaces, quantityPlaces]);

  // A frame is a new depth object: the curve is worked out once per frame, not once per render.
  const curve = useMemo(() => (depth.data ? depthCurve(depth.data) : null), [depth.data]);
  useEffect(() => {
    if (!curve) return;
    bids.current?.setData(points(curve.bids));
    asks.current?.setData(points(curve.asks));
    chart.current?.timeScale().fitContent();
    // pricePlaces: a new precision makes a new chart, which needs the curve drawn again.
  }, [curve, pricePlaces]);

  const empty = curve !== null && curve.bids.length === 0 && curve.asks.length === 0;
  return (
    <div className="price-chart-wrap">
      <div
        className="price-chart depth-chart"
        dir="ltr"
        data-view="depth"
        data-bids={curve?.bids.length ?? 0}
        data-asks={curve?.asks.length ?? 0}
      >
        <div ref={box} className="price-chart__canvas" />
        <div className="price-chart__legend depth-chart__legend">
          <span className="depth-chart__key depth-chart__key--bid">{t('chart.bids')}</span>
          {curve && curve.mid !== null ? (
            <span>
              {t('chart.mid')} <span className="num">{formatPrice(curve.mid, pricePlaces)}</span>
            </span>
          ) : null}
          <span className="depth-chart__key depth-chart__key--ask">{t('chart.asks')}</span>
        </div>
        {depth.isPending && book ? (
          <div className="price-chart__overlay" role="status" aria-label={t('common.loading')}>
            <DotLoading color="primary" />
          </div>
        ) : null}
        {empty ? <div className="price-chart__overlay">{t('chart.emptyBook')}</div> : null}
      </div>
      <ChartAttribution />
    </div>
  );
}
