import type { OptionOrder } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrderResult } from '../../../features/options/api/options-queries';
import { priceText } from '../../../features/options/components/option-order-item';
import { useCountdown } from '../../../features/options/hooks/use-countdown';
import { estimateResult, formatCountdown } from '../../../features/options/option-math';
import { optionDetailsPath } from '../../../features/options/paths';
import { formatMoney } from '@tidemark/contract/rules';
import { formatMoneyText, formatSigned } from '../../../ui/amount-format';

interface FocusCardProps {
  /** The order just placed, as the server answered it. */
  placed: OptionOrder;
  price: string | undefined;
  /** The product's price precision. */
  pricePlaces: number;
  onClose: () => void;
}

/**
 * The order just bought, large: while it runs, the countdown and the current price against the
 * strike with the estimated result; once settled (over the user channel), the settlement price,
 * the profit or loss and the way to its record.
 */
export function FocusCard({ placed, price, pricePlaces, onClose }: FocusCardProps) {
  const shown = (p: string | null | undefined) => priceText(p, pricePlaces);
  const { t } = useTranslation();
  const result = useOrderResult(placed.id);
  const order = result.data ?? placed;
  const running = order.status === 'running';
  const end = order.status === 'scheduled' ? order.openTime : order.settleTime;
  const left = useCountdown(running || order.status === 'scheduled' ? end : null);
  const estimate = running ? estimateResult(order, price) : null;
  const done =
    order.status === 'settled' || order.status === 'failed' || order.status === 'cancelled';
  const outcome = order.outcome ?? 'none';
  // A cancelled order has no result to watch: its card goes (the list says it was cancelled).
  const cancelled = order.status === 'cancelled';
  useEffect(() => {
    if (cancelled) onClose();
  }, [cancelled, onClose]);

  return (
    <section className="option-focus" data-status={order.status} data-outcome={order.outcome ?? ''}>
      <header className="option-focus__head">
        <span className="num">{order.symbol}</span>
        <span className={`option-item__direction option-item__direction--${order.direction}`}>
          {t(`optionsTrade.directions.${order.direction}`)}
        </span>
        <span className="num">{formatMoneyText(order.amount, 'USDT')}</span>
      </header>
      {done ? (
        <>
          <strong className={`option-focus__big option-item__profit--${outcome}`}>
            {t(
              order.status === 'cancelled'
                ? 'optionsTrade.statuses.cancelled'
                : `optionsTrade.result.outcomes.${order.outcome ?? 'failed'}`,
            )}
          </strong>
          <dl className="option-focus__rows">
            <dt>{t('optionsTrade.live.strike')}</dt>
            <dd className="num">{shown(order.strikePrice)}</dd>
            <dt>{t('optionsTrade.result.settlePrice')}</dt>
            <dd className="num">{shown(order.settlePrice)}</dd>
            <dt>{t('optionsTrade.result.profit')}</dt>
            <dd className={`num option-item__profit--${outcome}`} data-field="profit">
              {order.profit === null ? '--' : formatSigned(order.profit, 'USDT')}
            </dd>
          </dl>
          <div className="option-focus__actions">
            <Link to={optionDetailsPath(order.id)} className="option-focus__link">
              {t('optionsTrade.result.details')}
            </Link>
            <Button size="small" onClick={onClose}>
              {t('common.close')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <span className="muted">
            {t(
              order.status === 'scheduled'
                ? 'optionsTrade.scheduled.startsIn'
                : 'optionsTrade.live.left',
            )}
          </span>
          <strong className="num option-focus__big option-focus__countdown">
            {left > 0 ? formatCountdown(left) : t('optionsTrade.live.settling')}
          </strong>
          <dl className="option-focus__rows">
            <dt>{t('optionsTrade.live.strike')}</dt>
            <dd className="num">{shown(order.strikePrice)}</dd>
            <dt>{t('optionsTrade.live.current')}</dt>
            <dd className="num">{shown(price)}</dd>
            <dt>{t('optionsTrade.live.estimate')}</dt>
            <dd className={`num option-item__profit--${estimate?.outcome ?? 'none'}`}>
              {estimate ? formatSigned(formatMoney(estimate.profit), 'USDT') : '--'}
            </dd>
          </dl>
        </>
      )}
    </section>
  );
}
