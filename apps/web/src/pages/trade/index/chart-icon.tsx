/**
 * Candlesticks: the way to the chart. Drawn here rather than taken from antd-mobile-icons, whose
 * bar-chart icon is the tab bar's: sharing it would split it into a chunk of its own that the home
 * page would then load separately, at a cost to its first-load budget.
 */
export function ChartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
      <path
        d="M6 3v3M6 15v6M12 2v5M12 17v5M18 5v4M18 15v4"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
      <rect
        x="4"
        y="6"
        width="4"
        height="9"
        rx="1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
      <rect x="10" y="7" width="4" height="10" rx="1" fill="currentColor" />
      <rect
        x="16"
        y="9"
        width="4"
        height="6"
        rx="1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
    </svg>
  );
}
