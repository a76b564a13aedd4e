import { displayDecimal, formatMoney, type LeverageDirection } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { formatMoneyText } from '../../../ui/amount-format';
import { ConfirmSheet, SheetFigure, SheetRow } from '../../../ui/confirm-sheet';
import { Sheet } from '../../../ui/sheet';
import { ratePercent, type LeveragePreview } from '../leverage-form';

/** The position about to be opened, as the sheet shows it. */
export interface PendingPosition {
  symbol: string;
  direction: LeverageDirection;
  preview: LeveragePreview;
  /** The symbol's price precision. */
  pricePlaces: number;
  openFeeRate: string;
  closeFeeRate: string;
  maintenanceRate: string;
  protection: boolean;
}

interface LeverConfirmSheetProps {
  position: PendingPosition | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

const usdt = (units: bigint) => formatMoneyText(formatMoney(units), 'USDT');

/**
 * The last look before a position is opened: lots and multiple, price per lot, margin, position
 * value, both fees, what the wallet gives up, the entry estimate with the liquidation price it
 * implies, take-profit and stop-loss; then how the entry is taken and what a gap can cost.
 */
export function LeverConfirmSheet({ position, busy, onConfirm, onClose }: LeverConfirmSheetProps) {
  const { t } = useTranslation();
  if (!position) return <Sheet open={false} onClose={onClose} />;
  const { preview: p, pricePlaces } = position;
  const long = position.direction === 'long';
  const price = (units: bigint | null) =>
    units === null ? '--' : displayDecimal(formatMoney(units), pricePlaces);
  return (
    <ConfirmSheet
      className="lever-confirm"
      title={t('lever.confirm.title')}
      confirmLabel={t(`lever.trade.open.${position.direction}`)}
      tone={long ? 'buy' : 'sell'}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      rows={
        <>
          <SheetFigure label={t('lever.symbol')} field="symbol">
            {position.symbol}
          </SheetFigure>
          <SheetRow
            label={t('lever.direction')}
            field="direction"
            className={long ? 'order-sheet__buy' : 'order-sheet__sell'}
          >
            {t(`lever.directions.${position.direction}`)}
          </SheetRow>
          <SheetFigure label={t('lever.lots')} field="lots">
            {String(p.lots)}
          </SheetFigure>
          <SheetFigure label={t('lever.multiple')} field="multiple">
            {`${p.multiple}×`}
          </SheetFigure>
          <SheetFigure label={t('lever.lotPrice')} field="lot-price">
            {usdt(p.lotPrice)}
          </SheetFigure>
          <SheetFigure label={t('lever.margin')} field="margin">
            {usdt(p.margin)}
          </SheetFigure>
          <SheetFigure label={t('lever.positionValue')} field="value">
            {usdt(p.value)}
          </SheetFigure>
          <SheetFigure
            label={t('lever.openFee', { rate: ratePercent(position.openFeeRate) })}
            field="open-fee"
          >
            {usdt(p.openFee)}
          </SheetFigure>
          <SheetFigure
            label={t('lever.closeFee', { rate: ratePercent(position.closeFeeRate) })}
            field="close-fee"
          >
            {usdt(p.closeFee)}
          </SheetFigure>
          <SheetFigure label={t('lever.confirm.required')} field="required">
            {usdt(p.required)}
          </SheetFigure>
          <SheetFigure label={t('lever.confirm.entry')} field="entry">
            {price(p.entry)}
          </SheetFigure>
          <SheetFigure label={t('lever.liquidationPrice')} field="liquidation">
            {price(p.liquidation)}
          </SheetFigure>
          <SheetFigure label={t('lever.takeProfit')} field="take-profit">
            {price(p.takeProfit)}
          </SheetFigure>
          <SheetFigure label={t('lever.stopLoss')} field="stop-loss">
            {price(p.stopLoss)}
          </SheetFigure>
        </>
      }
    >
      <p className="order-sheet__estimate lever-sheet__note">
        {t('lever.confirm.entryNote', { rate: ratePercent(position.maintenanceRate) })}{' '}
        {t(position.protection ? 'lever.confirm.protectionOn' : 'lever.confirm.protectionOff')}
      </p>
    </ConfirmSheet>
  );
}
