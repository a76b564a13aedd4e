import Button from 'antd-mobile/es/components/button';
import type { MoneyOrder } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { formatExactText } from '../../../ui/amount-format';
import { useRecordDate } from '../hooks';
import { percent } from '../financial-math';
import { Terms } from './terms';

const USDT = 'USDT';

/** One order with its stored terms, what it has earned and, in progress, its redeem button. */
export function OrderItem({
  order,
  onRedeem,
  onRecord,
}: {
  order: MoneyOrder;
  onRedeem?: (order: MoneyOrder) => void;
  onRecord?: (order: MoneyOrder) => void;
}) {
  const { t } = useTranslation();
  const date = useRecordDate();
  const rows: [string, string, string?][] = [
    [t('financial.order.no'), order.orderNo],
    [t('financial.order.amount'), formatExactText(order.amount, USDT)],
    [t('financial.product.daily'), `${percent(order.dailyRate)}%`],
    [t('financial.order.earned'), formatExactText(order.profitEarned, USDT), 'earned'],
    [t('financial.product.period'), t('financial.product.days', { days: order.days })],
    [t('financial.order.remainingDays'), String(order.remainingDays)],
    [t('financial.order.start'), date(order.startTime)],
    // A redeemed order ended when it was redeemed, not at the term's end it never reached.
    order.status === 2 && order.closedAt !== null
      ? [t('financial.order.redeemedAt'), date(order.closedAt), 'redeemed-at']
      : [t('financial.order.end'), date(order.endTime)],
    [t('financial.product.dividend'), `${order.dividendTime} ${order.timeZone}`, 'dividend'],
  ];
  // What it is expected to earn, while it still earns: an ended order has earned what it earned
  // (one redeemed early, far less than expected).
  if (order.status === 0)
    rows.splice(3, 0, [
      t('financial.order.expected'),
      formatExactText(order.expectedProfit, USDT),
      'expected',
    ]);
  if (order.status === 0 && order.nextDividendAt !== null)
    rows.push([t('financial.order.next'), date(order.nextDividendAt)]);
  if (order.status === 0) rows.push([t('financial.order.principalAt'), date(order.principalAt)]);
  // While it runs, what leaving early costs: its penalty, or that it is locked until its end.
  if (order.status === 0)
    rows.push([
      t('financial.product.early'),
      order.lock
        ? t('financial.order.lockedUntil', { date: date(order.endTime) })
        : t('financial.product.penalty', { rate: percent(order.penaltyRate) }),
      'early',
    ]);
  if (order.returnedPrincipal !== null)
    rows.push([
      t('financial.order.returned'),
      formatExactText(order.returnedPrincipal, USDT),
      'returned',
    ]);
  if (order.penalty !== null)
    rows.push([t('financial.order.penalty'), formatExactText(order.penalty, USDT), 'penalty']);
  return (
    <article
      className="fin-order"
      data-testid="fin-order"
      data-id={order.id}
      data-status={order.status}
    >
      <div className="fin-order__head">
        <span className="fin-order__name">{order.productName}</span>
        <span className="fin-badge">{t(`financial.tiers.${order.tier}`)}</span>
        <span className="fin-badge" data-status={order.status === 0 ? 'selling' : 'ended'}>
          {t(`financial.tabs.${order.status}`)}
        </span>
      </div>
      <Terms rows={rows} wide />
      {onRedeem || onRecord ? (
        <div className="fin-actions">
          {onRecord ? (
            <Button size="small" onClick={() => onRecord(order)}>
              {t('financial.order.dividends')}
            </Button>
          ) : null}
          {onRedeem && order.status === 0 && !order.lock ? (
            <Button size="small" color="warning" fill="outline" onClick={() => onRedeem(order)}>
              {t('financial.redeem.action')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
