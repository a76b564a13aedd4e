import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyData } from '../../../ui/empty-data';
import type { Favourites } from '../api/favourites';
import { useProducts } from '../api/products';
import { useTickers } from '../api/tickers';
import { chartPath } from '../paths';
import { favouriteRows } from '../favourites';
import { nextSort, searchTickers, sortTickers, type Sort, type SortKey } from '../ranking';
import { FavouriteStar } from './favourite-star';
import { MarketProblem } from './market-problem';
import { PairRow, PairRowsPlaceholder } from './pair-row';

function SortButton({
  sortKey,
  sort,
  onSort,
  children,
}: {
  sortKey: SortKey;
  sort: Sort | null;
  onSort: (key: SortKey) => void;
  children: string;
}) {
  const direction = sort?.key === sortKey ? sort.direction : null;
  return (
    <button
      type="button"
      className="sort-button"
      data-sort={sortKey}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
      onClick={() => onSort(sortKey)}
    >
      {children}
      <svg className="sort-button__arrows" viewBox="0 0 8 12" aria-hidden="true">
        <path d="M4 0.5 7.5 5h-7z" className={direction === 'asc' ? 'is-on' : undefined} />
        <path d="M4 11.5 0.5 7h7z" className={direction === 'desc' ? 'is-on' : undefined} />
      </svg>
    </button>
  );
}

interface MarketTableProps {
  query: string;
  /** The stars beside the pairs; none without them. */
  favourites?: Favourites;
  /** Only the favourites, in the order they were starred until a column is sorted. */
  onlyFavourites?: boolean;
}

/** Every pair (or the favourites), live, filtered by the search text and sorted by the tapped column. */
export function MarketTable({ query, favourites, onlyFavourites = false }: MarketTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tickers = useTickers();
  const { bySymbol } = useProducts();
  const [sort, setSort] = useState<Sort | null>(null);
  const onSort = (key: SortKey) => setSort((current) => nextSort(current, key));
  const listed =
    onlyFavourites && favourites
      ? favouriteRows(tickers.data ?? [], favourites.symbols)
      : (tickers.data ?? []);
  const shown = sortTickers(
    searchTickers(listed, query, (symbol) => bySymbol.get(symbol)?.name),
    sort,
  );
  const noneStarred = onlyFavourites && tickers.data && listed.length === 0;

  return (
    <div className={`market-table${favourites ? ' market-table--starred' : ''}`}>
      <div className="pair-head pair-head--sortable" role="group" aria-label={t('market.sortBy')}>
        <span className="pair-head__pair">
          <SortButton sortKey="name" sort={sort} onSort={onSort}>
            {t('market.pair')}
          </SortButton>
          <span className="pair-head__slash">/</span>
          <SortButton sortKey="volume" sort={sort} onSort={onSort}>
            {t('market.volume')}
          </SortButton>
        </span>
        <SortButton sortKey="price" sort={sort} onSort={onSort}>
          {t('market.lastPrice')}
        </SortButton>
        <SortButton sortKey="change" sort={sort} onSort={onSort}>
          {t('market.change24h')}
        </SortButton>
      </div>
      {tickers.isPending ? <PairRowsPlaceholder rows={12} /> : null}
      {tickers.isError && !tickers.data ? (
        <MarketProblem onRetry={() => void tickers.refetch()} />
      ) : null}
      {noneStarred ? <EmptyData text={t('favourites.empty')} /> : null}
      {tickers.data && shown.length === 0 && !noneStarred ? (
        <EmptyData text={t('market.noMatch', { query: query.trim() })} />
      ) : null}
      <div className="pair-list">
        {shown.map((ticker) => {
          const row = (
            <PairRow
              key={ticker.symbol}
              ticker={ticker}
              product={bySymbol.get(ticker.symbol)}
              onOpen={(symbol) => navigate(chartPath(symbol))}
            />
          );
          if (!favourites) return row;
          return (
            <div key={ticker.symbol} className="pair-row-starred">
              <FavouriteStar
                symbol={ticker.symbol}
                on={favourites.isFavourite(ticker.symbol)}
                onToggle={favourites.toggle}
              />
              {row}
            </div>
          );
        })}
      </div>
    </div>
  );
}
