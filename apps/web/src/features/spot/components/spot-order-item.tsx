import type { SpotOrder } from '@tidemark/contract';
import { displayDecimal, QUOTE_CURRENCY, SPOT_ORDER_TYPE } from '@tidemark/contract/rules';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatMoneyText } from '../../../ui/amount-format';

interface SpotOrderItemProps {
  order: SpotOrder;
  /** Shared by the whole list: building an Intl formatter per row is slow on a phone. */
  dateFormat: Intl.DateTimeFormat;
  pricePlaces: number;
  quantityPlaces: number;
  /** The history list shows everything; the list under the order form the essentials. */
  detailed?: boolean;
  /** Offered on entrusted orders only. */
  onCancel?: (order: SpotOrder) => void;
  cancelling?: boolean;
}

/** One spot order: side, pair, type, status, time, and its figures. */
export function SpotOrderItem({
  order,
  dateFormat,
  pricePlaces,
  quantityPlaces,
  detailed = false,
  onCancel,
  cancelling = false,
}: SpotOrderItemProps) {
  const { t } = useTranslation();
  const market = order.type === SPOT_ORDER_TYPE.market;
  const quantity = (value: string) => (value ? displayDecimal(value, quantityPlaces) : '--');
  const figures = [
    {
      key: 'price',
      label: t('spot.orders.price'),
      value:
        market || !order.price ? t('spot.types.market') : displayDecimal(order.price, pricePlaces),
    },
    { key: 'quantity', label: t('spot.orders.quantity'), value: quantity(order.quantity) },
    { key: 'filled', label: t('spot.orders.filled'), value: quantity(order.filled) },
  ];
  if (detailed) {
    figures.push(
      {
        key: 'avgPrice',
        label: t('spot.orders.avgPrice'),
        value: order.avgPrice ? displayDecimal(order.avgPrice, pricePlaces) : '--',
      },
      {
        key: 'fee',
        label: t('spot.orders.fee'),
        value: order.feeCurrency ? formatMoneyText(order.fee, order.feeCurrency) : '--',
      },
      {
        key: 'total',
        label: t('spot.orders.total'),
        value: order.filledAmount
          ? formatAmount(order.filledAmount, order.symbol.split('/')[1] ?? QUOTE_CURRENCY)
          : '--',
      },
    );
  }
  const cancellable = onCancel && order.status === 'entrusted';

  return (
    <li
      className="spot-order"
      data-order-id={order.orderId}
      data-side={order.side}
      data-phase={order.phase}
      data-symbol={order.symbol}
    >
      <div className="spot-order__head">
        {/* Wraps onto a second line rather than pushing Cancel off a narrow screen. */}
        <span className="spot-order__what">
          <span className={`spot-order__side spot-order__side--${order.side}`}>
            {t(`spot.sides.${order.side}`)}
          </span>
          <strong className="num">{order.symbol}</strong>
          <span className="muted">{t(`spot.types.${market ? 'market' : 'limit'}`)}</span>
          <span className={`phase-chip phase-chip--${order.phase}`}>
            {t(`spot.phases.${order.phase}`)}
          </span>
        </span>
        {cancellable ? (
          <Button
            size="mini"
            fill="outline"
            className="spot-order__cancel"
            loading={cancelling}
            onClick={() => onCancel(order)}
          >
            {t('spot.orders.cancel')}
          </Button>
        ) : null}
      </div>
      <time className="spot-order__time" dateTime={new Date(order.createdAt).toISOString()}>
        {dateFormat.format(order.createdAt)}
      </time>
      <dl className="spot-order__figures">
        {figures.map((f) => (
          <div key={f.key} data-field={f.key}>
            <dt>{f.label}</dt>
            <dd>
              <span className="num">{f.value}</span>
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
