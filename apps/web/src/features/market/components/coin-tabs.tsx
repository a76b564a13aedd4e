import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * The coins of a trade page as chips, the shown one selected; a press replaces the address with
 * the coin's page (`pathOf`). With no coin open yet, the shown one alone. A coin whose market is
 * suspended (`suspended`) carries a warning dot and says so to screen readers.
 */
export function CoinTabs({
  open,
  symbol,
  label,
  pathOf,
  suspended,
}: {
  open: readonly string[];
  symbol: string;
  label: string;
  pathOf: (symbol: string) => string;
  suspended?: (symbol: string) => boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="coin-tabs" role="tablist" aria-label={label}>
      {(open.length ? open : [symbol]).map((s) => {
        const off = suspended?.(s) ?? false;
        return (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === symbol}
            className="choice-chip num"
            data-status={off ? 'suspended' : undefined}
            title={off ? t('market.suspended') : undefined}
            onClick={() => navigate(pathOf(s), { replace: true })}
          >
            {s}
            {off ? (
              <span className="coin-tabs__off">
                <span className="coin-tabs__off-text">{t('market.suspended')}</span>
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
