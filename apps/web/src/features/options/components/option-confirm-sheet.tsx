import type { OptionDirection } from '@tidemark/contract';
import { formatMoney } from '@tidemark/contract/rules';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverNow } from '../../../api/server-clock';
import { currentLanguage } from '../../../ui/i18n';
import { formatMoneyText } from '../../../ui/amount-format';
import { recordDateFormat } from '../../assets/date-format';
import { ConfirmSheet, SheetFigure, SheetRow } from '../../../ui/confirm-sheet';
import { Sheet } from '../../../ui/sheet';
import { formatPercent, nextBoundary, type StakeFigures } from '../option-math';
import { PeriodName } from './period-name';

/** The option about to be bought, as the sheet shows it. */
export interface PendingOption {
  symbol: string;
  direction: OptionDirection;
  seconds: number;
  returnRate: string;
  lossRate: string;
  /** Starts at the next period boundary instead of now. */
  scheduled: boolean;
  figures: StakeFigures;
}

interface OptionConfirmSheetProps {
  option: PendingOption | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** How often the start row looks whether the boundary it shows has passed. */
const BOUNDARY_CHECK_MS = 500;

/**
 * A period order's start: the next boundary by the server's clock, moving on to the one after
 * while the sheet stays open past it (the server takes the boundary after acceptance).
 */
function StartRow({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const [start, setStart] = useState(() => nextBoundary(serverNow(), seconds));
  useEffect(() => {
    const timer = setInterval(
      () => setStart(nextBoundary(serverNow(), seconds)),
      BOUNDARY_CHECK_MS,
    );
    return () => clearInterval(timer);
  }, [seconds]);
  const language = currentLanguage();
  const times = useMemo(() => recordDateFormat(language), [language]);
  return (
    // A date in the language's own order (Arabic's marks included), not forced left to right.
    <SheetRow label={t('optionsTrade.details.openTime')} field="start">
      <time dateTime={new Date(start).toISOString()}>{times.format(new Date(start))}</time>
    </SheetRow>
  );
}

const usdt = (units: bigint) => formatMoneyText(formatMoney(units), 'USDT');

/**
 * The last look before an option is bought: what is staked, what a win pays, what a loss costs,
 * that a tie returns the stake, and how the strike and the settlement price are taken.
 */
export function OptionConfirmSheet({ option, busy, onConfirm, onClose }: OptionConfirmSheetProps) {
  const { t } = useTranslation();
  if (!option) return <Sheet open={false} onClose={onClose} />;
  const { figures } = option;
  const long = option.direction === 'long';
  return (
    <ConfirmSheet
      className="option-sheet"
      title={t('optionsTrade.confirm.title')}
      confirmLabel={t(`optionsTrade.buy.${option.direction}`)}
      tone={long ? 'buy' : 'sell'}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      rows={
        <>
          <SheetFigure label={t('optionsTrade.symbol')} field="symbol">
            {option.symbol}
          </SheetFigure>
          <SheetRow
            label={t('optionsTrade.direction')}
            field="direction"
            className={long ? 'order-sheet__buy' : 'order-sheet__sell'}
          >
            {t(`optionsTrade.directions.${option.direction}`)}
          </SheetRow>
          <SheetRow label={t('optionsTrade.period')} field="period">
            <PeriodName seconds={option.seconds} />
          </SheetRow>
          {option.scheduled ? <StartRow key={option.seconds} seconds={option.seconds} /> : null}
          <SheetFigure label={t('optionsTrade.confirm.stake')} field="stake">
            {usdt(figures.stake)}
          </SheetFigure>
          <SheetFigure
            label={t('optionsTrade.confirm.win', { rate: formatPercent(option.returnRate) })}
            field="win"
          >
            {usdt(figures.winPayout)}
          </SheetFigure>
          <SheetFigure
            label={t('optionsTrade.confirm.loss', { rate: formatPercent(option.lossRate) })}
            field="loss"
          >
            {`-${usdt(figures.lossAmount)}`}
          </SheetFigure>
          {figures.lossRefund > 0n ? (
            <SheetFigure label={t('optionsTrade.confirm.lossRefund')} field="loss-refund">
              {usdt(figures.lossRefund)}
            </SheetFigure>
          ) : null}
          <SheetFigure label={t('optionsTrade.confirm.tie')} field="tie">
            {usdt(figures.tieRefund)}
          </SheetFigure>
        </>
      }
    >
      <p className="order-sheet__estimate option-sheet__rules">
        {t(long ? 'optionsTrade.confirm.rulesLong' : 'optionsTrade.confirm.rulesShort')}{' '}
        {/* A scheduled order's strike is the price at its start, not at acceptance. */}
        {t(option.scheduled ? 'optionsTrade.confirm.rulesScheduled' : 'optionsTrade.confirm.rules')}
      </p>
    </ConfirmSheet>
  );
}
