import type { AccountMode, OptionOrder } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSubmit } from '../../../api/use-submit';
import { createKeyKeeper } from '../../../features/assets/idempotency';
import {
  useOptionPages,
  useRunningOrders,
  useScheduledOrders,
} from '../../../features/options/api/options-queries';
import { useCancelOption, useTopUpOption } from '../../../features/options/api/options-mutations';
import { OptionOrderItem } from '../../../features/options/components/option-order-item';
import { checkStake } from '../../../features/options/option-math';
import { OPTIONS_RECORD_PATH } from '../../../features/options/paths';
import { Segmented } from '../../../features/market/components/segmented';
import { formatAmount } from '../../../ui/amount-format';
import { EmptyData } from '../../../ui/empty-data';
import { showToast } from '../../../ui/toast';
import { RELATED_KEYS } from './use-buy-option';

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
}

/** Cancel and top-up of a scheduled order, each with the key of its press. */
function ScheduledActions({ order, topUpAmount }: { order: OptionOrder; topUpAmount: string }) {
  const { t } = useTranslation();
  const [keys] = useState(createKeyKeeper);
  const cancel = useCancelOption(RELATED_KEYS);
  const topUp = useTopUpOption(RELATED_KEYS);
  const [cancelling, doCancel] = useSubmit(async () => {
    const input = { orderId: order.id };
    await keys.send(`cancel:${order.id}`, (idempotencyKey) =>
      cancel.mutateAsync({ input, idempotencyKey }),
    );
    showToast(t('optionsTrade.scheduled.cancelled'), 'success');
  });
  const [toppingUp, doTopUp] = useSubmit(async () => {
    const check = checkStake(topUpAmount, { minAmount: '0', maxAmount: '0' });
    if (!check.ok) {
      showToast(t('optionsTrade.errors.amountInvalid'), 'fail');
      return;
    }
    const input = { orderId: order.id, amount: check.amount };
    await keys.send(JSON.stringify(input), (idempotencyKey) =>
      topUp.mutateAsync({ input, idempotencyKey }),
    );
    showToast(t('optionsTrade.scheduled.toppedUp'), 'success');
  });
  return (
    <div className="option-item__actions">
      <Button size="mini" disabled={toppingUp} loading={cancelling} onClick={() => void doCancel()}>
        {t('optionsTrade.scheduled.cancel')}
      </Button>
      <Button
        size="mini"
        color="primary"
        fill="outline"
        disabled={cancelling}
        loading={toppingUp}
        onClick={() => void doTopUp()}
      >
        {t('optionsTrade.scheduled.topUp', { amount: formatAmount(topUpAmount || '0', 'USDT') })}
      </Button>
    </div>
  );
}

/** The trader's current positions (running with countdown and estimate, scheduled) and history. */
export function Positions({ mode, priceOf, placesOf, topUpAmount }: PositionsProps) {
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
      {shown.length === 0 ? <EmptyData text={t('optionsTrade.positions.empty')} /> : null}
      <ul className="option-list">
        {shown.map((order) => (
          <li key={order.id}>
            <OptionOrderItem
              order={order}
              price={priceOf(order.symbol)}
              pricePlaces={placesOf(order.symbol)}
            />
            {order.status === 'scheduled' ? (
              <ScheduledActions order={order} topUpAmount={topUpAmount} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
