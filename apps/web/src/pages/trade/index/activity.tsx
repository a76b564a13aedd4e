import type { AccountMode, SpotOrder } from '@tidemark/contract';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { RightOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { recordDateFormat } from '../../../features/assets/date-format';
import { useTrades } from '../../../features/market/api/trades';
import { MarketProblem } from '../../../features/market/components/market-problem';
import { Segmented } from '../../../features/market/components/segmented';
import { TradeList } from '../../../features/market/components/trade-list';
import { SpotOrderItem } from '../../../features/spot/components/spot-order-item';
import { useCancelAction } from '../../../features/spot/hooks/use-cancel-action';
import { EmptyData } from '../../../ui/empty-data';
import { currentLanguage } from '../../../ui/i18n';
import { RELATED_KEYS } from './use-place-order';

export const HISTORY_PATH = '/pages/trade/history';

type Panel = 'orders' | 'trades';

interface ActivityProps {
  symbol: string;
  /** The viewer's book, whose trades are shown (viewedBook). */
  book: AccountMode | undefined;
  pricePlaces: number;
  quantityPlaces: number;
  /** The user's open orders of the pair; null for visitors, undefined while loading. */
  orders: readonly SpotOrder[] | null | undefined;
}

/**
 * Under the form: the user's open orders of this pair with Cancel, and the pair's latest trades.
 * Visitors have no orders, so they see the trades alone.
 */
export function Activity({ symbol, book, pricePlaces, quantityPlaces, orders }: ActivityProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [chosen, setPanel] = useState<Panel>('orders');
  const panel: Panel = orders === null ? 'trades' : chosen;
  const trades = useTrades(symbol, book);
  const { cancel, cancelling } = useCancelAction(RELATED_KEYS);
  const language = currentLanguage();
  const dateFormat = useMemo(() => recordDateFormat(language), [language]);

  const items = [
    ...(orders === null
      ? []
      : [{ key: 'orders' as const, label: t('spot.orders.open', { count: orders?.length ?? 0 }) }]),
    { key: 'trades' as const, label: t('market.trades.title') },
  ];

  const loading = (
    <div className="spot-activity__loading" role="status" aria-label={t('common.loading')}>
      <DotLoading color="primary" />
    </div>
  );
  let body;
  if (panel === 'trades') {
    body = trades.data ? (
      trades.data.length === 0 ? (
        <EmptyData text={t('spot.noTrades')} />
      ) : (
        <TradeList trades={trades.data} pricePlaces={pricePlaces} quantityPlaces={quantityPlaces} />
      )
    ) : trades.isError ? (
      <MarketProblem onRetry={() => void trades.refetch()} />
    ) : (
      loading
    );
  } else if (!orders) {
    body = loading;
  } else if (orders.length === 0) {
    body = <EmptyData text={t('spot.orders.empty')} />;
  } else {
    body = (
      <ul className="spot-orders" data-testid="open-orders">
        {orders.map((order) => (
          <SpotOrderItem
            key={order.orderId}
            order={order}
            dateFormat={dateFormat}
            pricePlaces={pricePlaces}
            quantityPlaces={quantityPlaces}
            onCancel={cancel}
            cancelling={cancelling === order.orderId}
          />
        ))}
      </ul>
    );
  }

  return (
    <section className="spot-activity">
      <div className="spot-activity__bar">
        <Segmented
          className="spot-activity__tabs"
          label={t('spot.activity')}
          items={items}
          value={panel}
          onChange={setPanel}
        />
        {orders === null ? null : (
          <button
            type="button"
            className="text-button more-link spot-activity__history"
            onClick={() => navigate(`${HISTORY_PATH}?tab=1`)}
          >
            {t('spot.orders.history')}
            <RightOutline className="flip-rtl" />
          </button>
        )}
      </div>
      <div role="tabpanel" data-panel={panel}>
        {body}
      </div>
    </section>
  );
}
