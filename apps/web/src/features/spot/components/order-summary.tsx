import type { ProductConfig } from '@tidemark/contract';
import { formatMoney, SPOT_ORDER_TYPE, type SpotOrderType } from '@tidemark/contract/rules';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '../../../ui/amount-format';
import { formatRate } from '../order-math';

interface OrderSummaryProps {
  /** The balance the order spends, shown; undefined while loading or for visitors. */
  available: string | undefined;
  /** The order's value in USDT units, and whether it is an estimate (market orders). */
  total: { units: bigint; estimated: boolean } | null;
  quote: string;
  type: SpotOrderType;
  config: ProductConfig | undefined;
}

/**
 * Available balance, the order's value and the fee rate that applies: the taker rate for a market
 * order, the maker rate for a limit order that rests (and the taker rate too when they differ, as
 * a limit order that crosses the book pays it).
 */
export function OrderSummary({ available, total, quote, type, config }: OrderSummaryProps) {
  const { t } = useTranslation();
  let fee = '--';
  if (config) {
    const maker = formatRate(config.makerFeeRate);
    const taker = formatRate(config.takerFeeRate);
    fee = type === SPOT_ORDER_TYPE.market || maker === taker ? taker : `${maker} / ${taker}`;
  }
  const value = total ? formatUsdt(formatMoney(total.units)) : '--';
  return (
    <dl className="order-summary">
      <div>
        <dt>{t('spot.form.available')}</dt>
        <dd data-field="available">
          <span className="num">{available ?? '--'}</span>
        </dd>
      </div>
      <div>
        <dt>{t('spot.form.total')}</dt>
        <dd data-field="total">
          <span className="num">
            {total?.estimated ? '≈ ' : ''}
            {value} {quote}
          </span>
        </dd>
      </div>
      <div>
        <dt>{t('spot.form.fee')}</dt>
        <dd data-field="fee">
          <span className="num">{fee}</span>
        </dd>
      </div>
    </dl>
  );
}
