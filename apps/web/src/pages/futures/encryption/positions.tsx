import type { AccountMode } from '@tidemark/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useOptionPages,
  useRunningOrders,
  useScheduledOrders,
} from '../../../features/options/api/options-queries';
import { OptionOrderItem } from '../../../features/options/components/option-order-item';
import { ScheduledActions } from '../../../features/options/components/scheduled-actions';
import { OPTIONS_RECORD_PATH } from '../../../features/options/paths';
import { Segmented } from '../../../features/market/components/segmented';
import { EmptyData } from '../../../ui/empty-data';

/** History rows shown here; the record page has them all. */
const HISTORY_SHOWN = 10;

interface PositionsProps {
  mode: AccountMode | undefined;
  /** Last prices by symbol, for running orders' estimates. */
  priceOf: (symbol: string) => string | undefined;
  /** Price precision by symbol. */
  placesOf: (symbol: string) => number;
  /** What a top-up adds: the stake typed in the form. */
  topUpAmount: string;
  /** Whether a symbol's market is suspended now (a scheduled order's top-up waits). */
  suspendedOf: (symbol: string) => boolean;
}

/** The trader's current positions (running with countdown and estimate, scheduled) and history. */
export function Positions({ mode, priceOf, placesOf, topUpAmount, suspendedOf }: PositionsProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'current' | 'history'>('current');
  const running = useRunningOrders(mode);
  const scheduled = useScheduledOrders(mode);
  const history = useOptionPages(1, mode);
  const waiting = (scheduled.data?.list ?? []).filter((o) => o.status === 'scheduled');
  const current = [...waiting, ...(running.data?.list ?? [])];
  const past = (history.data?.pages[0]?.list ?? []).slice(0, HISTORY_SHOWN);
  const shown = tab === 'current' ? current : past;
  return (
    <section className="option-positions">
      <div className="option-positions__bar">
        <Segmented
          label={t('optionsTrade.positions.label')}
          items={[
            { key: 'current', label: `${t('optionsTrade.positions.current')} (${current.length})` },
            { key: 'history', label: t('optionsTrade.positions.history') },
          ]}
          value={tab}
          onChange={setTab}
        />
        <Link to={OPTIONS_RECORD_PATH} className="option-positions__all">
          {t('optionsTrade.positions.all')}
        </Link>
      </div>
      {shown.length === 0 ? (
        <EmptyData
          text={t(
            tab === 'current'
              ? 'optionsTrade.positions.emptyCurrent'
              : 'optionsTrade.positions.empty',
          )}
        />
      ) : null}
      <ul className="option-list">
        {shown.map((order) => (
          <li key={order.id}>
            <OptionOrderItem
              order={order}
              price={priceOf(order.symbol)}
              pricePlaces={placesOf(order.symbol)}
            />
            {order.status === 'scheduled' ? (
              <ScheduledActions
                order={order}
                topUpAmount={topUpAmount}
                suspended={suspendedOf(order.symbol)}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
