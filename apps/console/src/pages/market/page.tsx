import { MarketView } from '../../features/market/market-view';
import { useMarketSources } from '../../features/market/market-api';
import { QueryState } from '../../ui/query-state';

/** Market sources (issue 17): the feed's health and lag by source and coin, asked every 5 s. */
export default function MarketSourcesPage() {
  const sources = useMarketSources();
  return <QueryState query={sources}>{(data) => <MarketView data={data} />}</QueryState>;
}
