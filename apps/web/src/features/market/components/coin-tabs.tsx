import { useNavigate } from 'react-router';

/**
 * The coins of a trade page as chips, the shown one selected; a press replaces the address with
 * the coin's page (`pathOf`). With no coin open yet, the shown one alone.
 */
export function CoinTabs({
  open,
  symbol,
  label,
  pathOf,
}: {
  open: readonly string[];
  symbol: string;
  label: string;
  pathOf: (symbol: string) => string;
}) {
  const navigate = useNavigate();
  return (
    <div className="coin-tabs" role="tablist" aria-label={label}>
      {(open.length ? open : [symbol]).map((s) => (
        <button
          key={s}
          type="button"
          role="tab"
          aria-selected={s === symbol}
          className="choice-chip num"
          onClick={() => navigate(pathOf(s), { replace: true })}
        >
          {s}
        </button>
      ))}
    </div>
  );
}
