import type { AccountMode } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOpenPositions } from '../../../features/leverage/api/leverage-queries';
import { PositionActions } from '../../../features/leverage/components/position-actions';
import { PositionItem } from '../../../features/leverage/components/position-item';
import { LEVER_RECORD_PATH } from '../../../features/leverage/paths';
import { EmptyData } from '../../../ui/empty-data';
import { RELATED_KEYS } from './use-open-position';

interface OpenPositionsProps {
  mode: AccountMode | undefined;
  /** Last prices by symbol (/ws tickers): each position is marked at its symbol's. */
  priceOf: (symbol: string) => string | undefined;
  placesOf: (symbol: string) => number;
  /** Whether a symbol's market is suspended now (its positions cannot be closed until it opens). */
  suspendedOf: (symbol: string) => boolean;
}

/** The trader's open positions, marked live, each with its actions; the record has the history. */
export function OpenPositions({ mode, priceOf, placesOf, suspendedOf }: OpenPositionsProps) {
  const { t } = useTranslation();
  const positions = useOpenPositions(mode);
  const list = positions.data?.list ?? [];
  return (
    <section className="lever-card lever-positions">
      <div className="lever-bar">
        <h2>{t('lever.positions.open', { count: list.length })}</h2>
        <Link to={LEVER_RECORD_PATH}>{t('lever.positions.all')}</Link>
      </div>
      {positions.data && list.length === 0 ? <EmptyData text={t('lever.positions.empty')} /> : null}
      <ul className="lever-list">
        {list.map((position) => (
          <li key={position.id}>
            <PositionItem
              position={position}
              price={priceOf(position.symbol)}
              pricePlaces={placesOf(position.symbol)}
            />
            <PositionActions
              position={position}
              price={priceOf(position.symbol)}
              pricePlaces={placesOf(position.symbol)}
              related={RELATED_KEYS}
              suspended={suspendedOf(position.symbol)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
