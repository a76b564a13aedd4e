import SearchBar from 'antd-mobile/es/components/search-bar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFavourites } from '../../../features/market/api/favourites';
import { LiveBadge } from '../../../features/market/components/live-badge';
import { MarketTable } from '../../../features/market/components/market-table';
import { Segmented } from '../../../features/market/components/segmented';
import { useStoredState } from '../../../ui/stored';

type QuotesTab = 'favourites' | 'all';
const TAB_KEY = 'quotesTab';

const parseTab = (stored: string | null): QuotesTab =>
  stored === 'favourites' ? 'favourites' : 'all';

/**
 * The quotes tab (SPEC.md section 2): every pair, live, searchable and sortable, with a star on
 * each and the starred ones under Favourites, the first tab. The tab last chosen opens next time.
 */
export default function QuotesPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [tab, setTab] = useStoredState(TAB_KEY, parseTab, (chosen) => chosen);
  const favourites = useFavourites();
  return (
    <div className="quotes">
      <header className="quotes__header">
        <h1 className="quotes__title">{t('tabs.quotes')}</h1>
        <LiveBadge />
      </header>
      <div className="quotes__search">
        <SearchBar
          placeholder={t('market.search')}
          value={query}
          onChange={setQuery}
          aria-label={t('market.search')}
        />
      </div>
      <Segmented
        className="quotes__tabs market-card__tabs"
        label={t('tabs.quotes')}
        items={[
          { key: 'favourites', label: t('favourites.title') },
          { key: 'all', label: t('favourites.all') },
        ]}
        value={tab}
        onChange={setTab}
      />
      <MarketTable query={query} favourites={favourites} onlyFavourites={tab === 'favourites'} />
    </div>
  );
}
