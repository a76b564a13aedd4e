import { Trans } from 'react-i18next';

/**
 * lightweight-charts' licence (Apache 2.0 with its NOTICE) asks for a visible link to TradingView
 * on the page that shows a chart. The chart's own logo did that over the volume bars; this line
 * under the chart does it without covering data.
 */
export function ChartAttribution() {
  return (
    <p className="chart-attribution">
      <Trans
        i18nKey="chart.attribution"
        values={{ name: 'TradingView Lightweight Charts™' }}
        components={{
          link: <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer" />,
        }}
      />
    </p>
  );
}
