import SearchBar from 'antd-mobile/es/components/search-bar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveBadge } from '../../../features/market/components/live-badge';
import { MarketTable } from '../../../features/market/components/market-table';

/** The quotes tab (SPEC.md section 2): every pair, live, searchable and sortable. */
export default function QuotesPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
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
      <MarketTable query={query} />
    </div>
  );
}
