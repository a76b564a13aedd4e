import type { OptionOrder } from '@tidemark/contract';
import { displayDecimal, formatMoney } from '@tidemark/contract/rules';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoneyText, formatSigned } from '../../../ui/amount-format';
import { currentLanguage } from '../../../ui/i18n';
import { recordDateFormat } from '../../assets/date-format';
import { useCountdown } from '../hooks/use-countdown';
import { estimateResult, formatCountdown } from '../option-math';
import { optionDetailsPath } from '../paths';
import { PeriodName } from './period-name';

interface OptionOrderItemProps {
  order: OptionOrder;
  /** The symbol's last price, for a running order's estimate. */
  price?: string;
  /** The product's price precision (2 when unknown). */
  pricePlaces?: number;
}

/** A price with the product's precision, or "--" (the focus card shows prices the same way). */
export const priceText = (price: string | null | undefined, places: number) =>
  price === null || price === undefined ? '--' : displayDecimal(price, places);

/** One figure of the item: its label above it. */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="option-item__cell">
      <span>{label}</span>
      {children}
    </div>
  );
}

/** A running order: time left, strike against the current price, and what it would bring now. */
function RunningFigures({ order, price, pricePlaces = 2 }: OptionOrderItemProps) {
  const { t } = useTranslation();
  const left = useCountdown(order.settleTime);
  const estimate = estimateResult(order, price);
  return (
    <>
      <Cell label={t('optionsTrade.live.left')}>
        <strong className="num option-item__countdown">
          {left > 0 ? formatCountdown(left) : t('optionsTrade.live.settling')}
        </strong>
      </Cell>
      <Cell label={t('optionsTrade.live.strike')}>
        <span className="num">{priceText(order.strikePrice, pricePlaces)}</span>
      </Cell>
      <Cell label={t('optionsTrade.live.current')}>
        <span className="num">{priceText(price, pricePlaces)}</span>
      </Cell>
      <Cell label={t('optionsTrade.live.estimate')}>
        <span
          className={`num option-item__profit option-item__profit--${estimate?.outcome ?? 'none'}`}
        >
          {estimate ? formatSigned(formatMoney(estimate.profit), 'USDT') : '--'}
        </span>
      </Cell>
    </>
  );
}

/** A scheduled order: when it starts. */
function ScheduledFigures({ order }: { order: OptionOrder }) {
  const { t } = useTranslation();
  const left = useCountdown(order.openTime);
  return (
    <Cell label={t('optionsTrade.scheduled.startsIn')}>
      <strong className="num option-item__countdown">{formatCountdown(left)}</strong>
    </Cell>
  );
}

/** A finished order: settlement price and profit or loss. */
function ResultFigures({ order, places }: { order: OptionOrder; places: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Cell label={t('optionsTrade.live.strike')}>
        <span className="num">{priceText(order.strikePrice, places)}</span>
      </Cell>
      <Cell label={t('optionsTrade.result.settlePrice')}>
        <span className="num">{priceText(order.settlePrice, places)}</span>
      </Cell>
      <Cell label={t('optionsTrade.result.profit')}>
        <span className={`num option-item__profit option-item__profit--${order.outcome ?? 'none'}`}>
          {order.profit === null ? '--' : formatSigned(order.profit, 'USDT')}
        </span>
      </Cell>
    </>
  );
}

/** One option order in a list: what was bought and where it stands; tap for every detail. */
export function OptionOrderItem({ order, price, pricePlaces = 2 }: OptionOrderItemProps) {
  const { t } = useTranslation();
  const status = order.outcome && order.status === 'settled' ? order.outcome : order.status;
  const language = currentLanguage();
  const dates = useMemo(() => recordDateFormat(language), [language]);
  // A finished order says when: its expiry, or for a cancelled one the start it never reached.
  const finished = order.status !== 'running' && order.status !== 'scheduled';
  const finishedAt = order.status === 'cancelled' ? order.openTime : order.settleTime;
  return (
    <Link className="option-item" to={optionDetailsPath(order.id)} data-status={order.status}>
      <div className="option-item__head">
        <span className="num option-item__symbol">{order.symbol}</span>
        <span className={`option-item__direction option-item__direction--${order.direction}`}>
          {t(`optionsTrade.directions.${order.direction}`)}
        </span>
        <PeriodName seconds={order.periodSeconds} />
        <span className={`option-item__status option-item__status--${status}`}>
          {t(`optionsTrade.statuses.${status}`)}
        </span>
      </div>
      <div className="option-item__grid">
        <Cell label={t('optionsTrade.confirm.stake')}>
          <span className="num">{formatMoneyText(order.amount, 'USDT')}</span>
        </Cell>
        {order.status === 'running' ? (
          <RunningFigures order={order} price={price} pricePlaces={pricePlaces} />
        ) : null}
        {order.status === 'scheduled' ? <ScheduledFigures order={order} /> : null}
        {order.status === 'settled' || order.status === 'failed' ? (
          <ResultFigures order={order} places={pricePlaces} />
        ) : null}
      </div>
      {finished ? (
        <span className="option-item__time">
          {t(
            order.status === 'cancelled'
              ? 'optionsTrade.details.openTime'
              : 'optionsTrade.details.settleTime',
          )}{' '}
          <time dateTime={new Date(finishedAt).toISOString()}>
            {dates.format(new Date(finishedAt))}
          </time>
        </span>
      ) : null}
    </Link>
  );
}
