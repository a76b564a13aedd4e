import { displayDecimal, formatMoney, type LeveragePosition } from '@tidemark/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoneyText, formatSigned } from '../../../ui/amount-format';
import { liveFigures } from '../leverage-form';
import { leverDetailsPath } from '../paths';
import { positionResult } from '../position-result';
import { Multiple } from './multiple';

interface PositionItemProps {
  position: LeveragePosition;
  /** The symbol's last price from the feed (/ws tickers): an open position is marked at it. */
  price?: string;
  /** The product's price precision (2 when unknown). */
  pricePlaces?: number;
}

/** A price with the product's precision, or "--". */
export const priceText = (price: string | null | undefined, places: number) =>
  price === null || price === undefined ? '--' : displayDecimal(price, places);

/** Up or down colour by sign; none for zero or unknown. */
export function toneOf(amount: string | null | undefined): string {
  if (!amount || !/[1-9]/.test(amount)) return '';
  return amount.startsWith('-') ? 'lever-down' : 'lever-up';
}

function Cell({ label, field, children }: { label: string; field: string; children: ReactNode }) {
  return (
    <div className="lever-item__cell" data-field={field}>
      <span>{label}</span>
      {children}
    </div>
  );
}

/** What a position's status line says: open, or how it closed. */
export function statusKey(position: Pick<LeveragePosition, 'status' | 'closedBy'>): string {
  return position.status === 'open' ? 'lever.status.open' : `lever.closedBy.${position.closedBy}`;
}

/**
 * One position in a list: symbol, direction, multiple and lots; open ones marked at the last
 * price (P&L, equity, liquidation, take-profit and stop-loss), closed ones with their exit and
 * result (P&L before fees, both fees, the net result, what came back or was owed, and the
 * insurance fund's cover of a gap: see position-result). Tap for every detail.
 */
export function PositionItem({ position, price, pricePlaces = 2 }: PositionItemProps) {
  const { t } = useTranslation();
  const open = position.status === 'open';
  const live = open ? liveFigures(position, price ?? position.markPrice ?? undefined) : null;
  const { pnl, equity, fees, net, back, owed, covered } = positionResult(position, live);
  return (
    <Link
      className="lever-item"
      to={leverDetailsPath(position.id)}
      data-status={position.status}
      data-id={position.id}
      data-closed-by={position.closedBy ?? undefined}
    >
      <div className="lever-item__head">
        <span className="num lever-item__symbol">{position.symbol}</span>
        <span className={position.direction === 'long' ? 'lever-long' : 'lever-short'}>
          {t(`lever.directions.${position.direction}`)}
        </span>
        <Multiple value={position.multiple} />
        <span className="muted">{t('lever.lotsCount', { count: position.lots })}</span>
        <span className="lever-item__status">{t(statusKey(position))}</span>
      </div>
      <div className="lever-item__grid">
        <Cell label={t('lever.entryPrice')} field="entry">
          <span className="num">{priceText(position.entryPrice, pricePlaces)}</span>
        </Cell>
        {open ? (
          <Cell label={t('lever.markPrice')} field="mark">
            <span className="num">
              {live ? displayDecimal(formatMoney(live.mark), pricePlaces) : '--'}
            </span>
          </Cell>
        ) : (
          <Cell label={t('lever.exitPrice')} field="exit">
            <span className="num">{priceText(position.exitPrice, pricePlaces)}</span>
          </Cell>
        )}
        <Cell label={t('lever.pnl')} field="pnl">
          <span className={`num ${toneOf(pnl)}`}>{pnl ? formatSigned(pnl, 'USDT') : '--'}</span>
        </Cell>
        <Cell label={t('lever.margin')} field="margin">
          <span className="num">{formatMoneyText(position.margin, 'USDT')}</span>
        </Cell>
        <Cell label={t('lever.topUp')} field="top-up">
          <span className="num">{formatMoneyText(position.topUp, 'USDT')}</span>
        </Cell>
        {open ? (
          <Cell label={t('lever.equity')} field="equity">
            <span className="num">{equity ? formatMoneyText(equity, 'USDT') : '--'}</span>
          </Cell>
        ) : (
          <>
            <Cell label={t('lever.details.fees')} field="fees">
              <span className="num">{formatMoneyText(fees, 'USDT')}</span>
            </Cell>
            <Cell label={t('lever.details.net')} field="net">
              <span className={`num ${toneOf(net)}`}>{net ? formatSigned(net, 'USDT') : '--'}</span>
            </Cell>
            {owed ? (
              <Cell label={t('lever.details.owed')} field="owed">
                <span className="num lever-down">{formatMoneyText(owed, 'USDT')}</span>
              </Cell>
            ) : (
              <Cell label={t('lever.details.payout')} field="payout">
                <span className="num">{back ? formatMoneyText(back, 'USDT') : '--'}</span>
              </Cell>
            )}
            {covered ? (
              <Cell label={t('lever.details.gapCovered')} field="gap">
                <span className="num">{formatMoneyText(covered, 'USDT')}</span>
              </Cell>
            ) : null}
          </>
        )}
        {open ? (
          <>
            <Cell label={t('lever.liquidationPrice')} field="liquidation">
              <span className="num lever-figures__liq">
                {priceText(position.liquidationPrice, pricePlaces)}
              </span>
            </Cell>
            <Cell label={t('lever.takeProfit')} field="take-profit">
              <span className="num">{priceText(position.takeProfit, pricePlaces)}</span>
            </Cell>
            <Cell label={t('lever.stopLoss')} field="stop-loss">
              <span className="num">{priceText(position.stopLoss, pricePlaces)}</span>
            </Cell>
          </>
        ) : null}
      </div>
    </Link>
  );
}
