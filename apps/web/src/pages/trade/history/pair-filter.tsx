import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionSheet } from '../../../features/assets/components/option-sheet';

const ALL = 'all';

interface PairFilterProps {
  /** The pair shown, or every pair when undefined. */
  symbol: string | undefined;
  symbols: readonly string[];
  onChange: (symbol: string | undefined) => void;
}

/** Which pair's orders are listed: all of them, or one picked from a sheet. */
export function PairFilter({ symbol, symbols, onChange }: PairFilterProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const allLabel = t('spot.history.allPairs');
  const options = [
    { value: ALL, label: allLabel },
    ...symbols.map((s) => ({ value: s, label: <span className="num">{s}</span> })),
  ];
  return (
    <div className="pair-filter">
      <span className="muted">{t('spot.history.pair')}</span>
      <button
        type="button"
        className="pair-filter__button"
        data-symbol={symbol ?? ALL}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {symbol ? <span className="num">{symbol}</span> : allLabel}
        <DownOutline />
      </button>
      <OptionSheet
        title={t('spot.history.pair')}
        open={open}
        value={symbol ?? ALL}
        options={options}
        onPick={(value) => onChange(value === ALL ? undefined : value)}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
