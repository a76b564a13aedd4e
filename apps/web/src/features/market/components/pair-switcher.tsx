import SearchBar from 'antd-mobile/es/components/search-bar';
import { DownFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../ui/sheet';
import { useProducts } from '../api/products';
import { useTickers } from '../api/tickers';
import { searchTickers } from '../ranking';
import { PairRow } from './pair-row';

/** The pair in the chart's title; tap to pick another from a searchable list of live pairs. */
export function PairSwitcher({
  symbol,
  onChange,
}: {
  symbol: string;
  onChange: (symbol: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const tickers = useTickers();
  const { bySymbol } = useProducts();
  const shown = searchTickers(tickers.data ?? [], query, (s) => bySymbol.get(s)?.name);
  const close = () => {
    setOpen(false);
    setQuery('');
  };
  return (
    <>
      <button
        type="button"
        className="pair-switcher"
        aria-haspopup="dialog"
        aria-label={t('market.switchPair')}
        onClick={() => setOpen(true)}
      >
        <span className="num">{symbol}</span>
        <DownFill fontSize={10} />
      </button>
      <Sheet
        open={open}
        onClose={close}
        position="bottom"
        bodyClassName="pair-popup"
        destroyOnClose
      >
        <div className="pair-popup__head">
          <strong>{t('market.switchPair')}</strong>
          <SearchBar placeholder={t('market.search')} value={query} onChange={setQuery} />
        </div>
        <div className="pair-popup__list pair-list">
          {shown.map((ticker) => (
            <PairRow
              key={ticker.symbol}
              ticker={ticker}
              product={bySymbol.get(ticker.symbol)}
              onOpen={(picked) => {
                close();
                if (picked !== symbol) onChange(picked);
              }}
            />
          ))}
        </div>
      </Sheet>
    </>
  );
}
