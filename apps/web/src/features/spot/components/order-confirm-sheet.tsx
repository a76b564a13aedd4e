import { displayDecimal, formatMoney, SPOT_ORDER_TYPE } from '@tidemark/contract/rules';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmSheet, SheetFigure, SheetRow } from '../../../ui/confirm-sheet';
import { Sheet } from '../../../ui/sheet';
import { formatMoneyText } from '../../../ui/amount-format';
import { formatRate, usesAmount, type OrderDraft, type OrderFigures } from '../order-math';

/** The order about to be sent, as the sheet shows it. */
export interface PendingOrder {
  draft: OrderDraft;
  figures: OrderFigures;
}

interface OrderConfirmSheetProps {
  order: PendingOrder | null;
  symbol: string;
  base: string;
  quote: string;
  pricePlaces: number;
  quantityPlaces: number;
  busy: boolean;
  /** `dontAsk`: the trader ticked "don't ask again". */
  onConfirm: (dontAsk: boolean) => void;
  onClose: () => void;
}

/**
 * The last look before an order goes: pair, side, type, price, quantity, the fee at the maker or
 * taker rate the order pays, and the total, each estimated (≈) where the book decides (market
 * orders). Confirm places it; cancel or a tap outside keeps the form as it was.
 */
export function OrderConfirmSheet({
  order,
  symbol,
  base,
  quote,
  pricePlaces,
  quantityPlaces,
  busy,
  onConfirm,
  onClose,
}: OrderConfirmSheetProps) {
  const { t } = useTranslation();
  const [dontAsk, setDontAsk] = useState(false);
  if (!order) return <Sheet open={false} onClose={onClose} />;
  const { draft, figures } = order;
  const buying = draft.side === 'buy';
  const about = figures.estimated ? '≈ ' : '';
  // The USDT a market buy spends is what was typed, at most (what buys less than one step of the
  // coin stays in the balance): only what it buys is estimated.
  const spendsAmount = usesAmount(draft);
  const totalAbout = spendsAmount ? '' : about;
  const payLabel = spendsAmount
    ? 'spot.confirm.payUpTo'
    : buying
      ? 'spot.confirm.pay'
      : 'spot.confirm.total';
  const money = (units: bigint | null, places: number) =>
    units === null ? '--' : displayDecimal(formatMoney(units), places);
  const feeCurrency = figures.feeIn === 'base' ? base : quote;
  const market = draft.type === SPOT_ORDER_TYPE.market;

  const close = () => {
    setDontAsk(false);
    onClose();
  };

  return (
    <ConfirmSheet
      title={t('spot.confirm.title')}
      confirmLabel={t(buying ? 'spot.form.buy' : 'spot.form.sell', { coin: base })}
      tone={buying ? 'buy' : 'sell'}
      busy={busy}
      onConfirm={() => onConfirm(dontAsk)}
      onClose={close}
      rows={
        <>
          <SheetFigure label={t('spot.confirm.pair')} field="pair">
            {symbol}
          </SheetFigure>
          <SheetRow
            label={t('spot.sideLabel')}
            field="side"
            className={buying ? 'order-sheet__buy' : 'order-sheet__sell'}
          >
            {t(`spot.sides.${draft.side}`)} · {t(market ? 'spot.types.market' : 'spot.types.limit')}
          </SheetRow>
          <SheetFigure label={t('spot.form.price')} field="price">
            {market
              ? `${t('spot.form.marketPrice')}${figures.price === null ? '' : ` (≈ ${money(figures.price, pricePlaces)})`}`
              : `${money(figures.price, pricePlaces)} ${quote}`}
          </SheetFigure>
          <SheetFigure label={t('spot.form.quantity')} field="quantity">
            {`${figures.quantity === null ? '' : about}${money(figures.quantity, quantityPlaces)} ${base}`}
          </SheetFigure>
          <SheetFigure
            label={t('spot.confirm.fee', { rate: formatRate(figures.rate) })}
            field="fee"
          >
            {figures.fee === null
              ? '--'
              : `${about}${formatMoneyText(formatMoney(figures.fee), feeCurrency)}`}
          </SheetFigure>
          <SheetRow field="role" className="order-sheet__note">
            {t(`spot.confirm.roles.${figures.role}`)}
          </SheetRow>
          <SheetFigure label={t(payLabel)} field="total">
            {`${figures.total === null ? '' : totalAbout}${money(figures.total, 2)} ${quote}`}
          </SheetFigure>
          <SheetFigure label={t('spot.confirm.receive')} field="receive">
            {figures.receives === null
              ? '--'
              : `${about}${formatMoneyText(formatMoney(figures.receives), buying ? base : quote)}`}
          </SheetFigure>
        </>
      }
    >
      {figures.estimated ? (
        <p className="order-sheet__estimate">{t('spot.confirm.estimate')}</p>
      ) : null}
      {spendsAmount ? (
        <p className="order-sheet__estimate" data-field="leftover">
          {t('spot.confirm.leftover', { coin: base })}
        </p>
      ) : null}
      <Checkbox className="order-sheet__dont-ask" checked={dontAsk} onChange={setDontAsk}>
        {t('spot.confirm.dontAsk')}
      </Checkbox>
    </ConfirmSheet>
  );
}
