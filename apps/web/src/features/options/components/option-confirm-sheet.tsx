import type { OptionDirection } from '@tidemark/contract';
import { formatMoney } from '@tidemark/contract/rules';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { formatMoneyText } from '../../../ui/amount-format';
import { Sheet } from '../../../ui/sheet';
import { formatPercent, type StakeFigures } from '../option-math';
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

function Row({ label, field, value }: { label: string; field: string; value: string }) {
  return (
    <div className="order-sheet__row" data-field={field}>
      <dt>{label}</dt>
      <dd>
        <span className="num">{value}</span>
      </dd>
    </div>
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
    <Sheet open onClose={onClose} bodyClassName="order-sheet option-sheet" destroyOnClose>
      <strong className="order-sheet__title">{t('optionsTrade.confirm.title')}</strong>
      <dl className="order-sheet__rows" data-direction={option.direction}>
        <Row label={t('optionsTrade.symbol')} field="symbol" value={option.symbol} />
        <div className="order-sheet__row" data-field="direction">
          <dt>{t('optionsTrade.direction')}</dt>
          <dd className={long ? 'order-sheet__buy' : 'order-sheet__sell'}>
            {t(`optionsTrade.directions.${option.direction}`)}
          </dd>
        </div>
        <div className="order-sheet__row" data-field="period">
          <dt>{t('optionsTrade.period')}</dt>
          <dd>
            <PeriodName seconds={option.seconds} />
          </dd>
        </div>
        <Row label={t('optionsTrade.confirm.stake')} field="stake" value={usdt(figures.stake)} />
        <Row
          label={t('optionsTrade.confirm.win', { rate: formatPercent(option.returnRate) })}
          field="win"
          value={usdt(figures.winPayout)}
        />
        <Row
          label={t('optionsTrade.confirm.loss', { rate: formatPercent(option.lossRate) })}
          field="loss"
          value={`-${usdt(figures.lossAmount)}`}
        />
        {figures.lossRefund > 0n ? (
          <Row
            label={t('optionsTrade.confirm.lossRefund')}
            field="loss-refund"
            value={usdt(figures.lossRefund)}
          />
        ) : null}
        <Row label={t('optionsTrade.confirm.tie')} field="tie" value={usdt(figures.tieRefund)} />
      </dl>
      <p className="order-sheet__estimate option-sheet__rules">
        {t(long ? 'optionsTrade.confirm.rulesLong' : 'optionsTrade.confirm.rulesShort')}{' '}
        {t('optionsTrade.confirm.rules')}
        {option.scheduled ? ` ${t('optionsTrade.confirm.scheduled')}` : ''}
      </p>
      <div className="order-sheet__actions">
        <Button block size="large" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button
          block
          size="large"
          className="order-sheet__confirm"
          color={long ? 'success' : 'danger'}
          loading={busy}
          onClick={onConfirm}
        >
          {t(`optionsTrade.buy.${option.direction}`)}
        </Button>
      </div>
    </Sheet>
  );
}
