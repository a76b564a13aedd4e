import type { AccountChange } from '@tidemark/contract';
import { trimDecimal } from '@tidemark/contract/rules';
import type { TFunction } from 'i18next';
import { isZero } from './amounts';

export interface ChangeLabel {
  /** What happened: "Order hold", "Bought 0.01 BTC on BTC/USDT", or the entry's type. */
  title: string;
  /** Which order and why, or null when the ledger recorded no more than the type. */
  note: string | null;
}

/**
 * A product's entry read from its ledger reference ("financial:5:buy", "loan:3:repay",
 * "leverage:7:gap", "team-transfer:4:1700000000000"): what happened and to which order, or null
 * for a reference this log does not know (it then reads as its type).
 */
export function productLabel(reference: string, t: TFunction): ChangeLabel | null {
  const [kind = '', id = '', step = '', extra = ''] = reference.split(':');
  if (kind === 'team-transfer') return { title: t('assets.log.team.transfer'), note: null };
  if (kind === 'team-withdraw') return { title: t('assets.log.team.withdraw'), note: null };
  if (!/^\d+$/.test(id)) return null;
  switch (kind) {
    case 'financial': {
      const order = t('assets.log.financial.order', { id });
      if (step === 'buy') return { title: t('assets.log.financial.buy'), note: order };
      if (step === 'day' && extra)
        return { title: t('assets.log.financial.dividend'), note: `${order} · ${extra}` };
      if (step === 'principal') return { title: t('assets.log.financial.principal'), note: order };
      if (step === 'redeem') return { title: t('assets.log.financial.redeem'), note: order };
      return null;
    }
    case 'loan': {
      const loan = t('assets.log.loan.order', { id });
      if (step === 'disburse') return { title: t('assets.log.loan.disburse'), note: loan };
      if (step === 'repay')
        return {
          title: t('assets.log.loan.repay'),
          note: `${loan} · ${t('assets.log.loan.repayNote')}`,
        };
      return null;
    }
    case 'option': {
      const order = t('assets.log.option.order', { id });
      if (step === '') return { title: t('assets.log.option.stake'), note: order };
      if (step === 'cancel') return { title: t('assets.log.option.cancel'), note: order };
      if (step === 'topup') return { title: t('assets.log.option.topup'), note: order };
      if (step === 'settle') return { title: t('assets.log.option.settle'), note: order };
      return null;
    }
    case 'leverage': {
      const position = t('assets.log.leverage.position', { id });
      if (step === 'open') return { title: t('assets.log.leverage.open'), note: position };
      if (step === 'margin') return { title: t('assets.log.leverage.margin'), note: position };
      if (step === 'close') return { title: t('assets.log.leverage.close'), note: position };
      if (step === 'gap') return { title: t('assets.log.leverage.gap'), note: position };
      return null;
    }
    default:
      return null;
  }
}

/**
 * How one line of the account-change log reads. A spot order's hold and its release are money
 * parked and given back, not trades, so they say so and name the order; a fill says what was
 * bought or sold and the fee already taken from the amount. Product entries (financial, loan,
 * options, leverage, team earnings) say what happened from their reference; the rest read as
 * their type.
 */
export function changeLabel(
  entry: AccountChange,
  t: TFunction,
  /** Shows an amount of a currency as the rest of the row does. */
  formatAmount: (decimal: string, currency: string) => string,
): ChangeLabel {
  const spot = entry.spot;
  if (!spot)
    return (
      productLabel(entry.reference, t) ?? { title: t(`assets.types.${entry.type}`), note: null }
    );
  const order = t(spot.side === 'buy' ? 'assets.log.spot.buyOrder' : 'assets.log.spot.sellOrder', {
    id: spot.orderId,
    symbol: spot.symbol,
  });
  const note = (...parts: string[]) => [order, ...parts].join(' · ');
  switch (spot.kind) {
    case 'hold':
      return { title: t('assets.log.spot.hold'), note: note() };
    case 'release':
      return { title: t('assets.log.spot.release'), note: note(t('assets.log.spot.cancelled')) };
    case 'rest':
      return { title: t('assets.log.spot.release'), note: note(t('assets.log.spot.unused')) };
    case 'fill': {
      const [coin = ''] = spot.symbol.split('/');
      const title = t(spot.side === 'buy' ? 'assets.log.spot.bought' : 'assets.log.spot.sold', {
        // A quantity in a sentence reads "0.01 BTC", not "0.01000000 BTC".
        quantity: trimDecimal(formatAmount(spot.quantity ?? '0', coin)),
        coin,
        symbol: spot.symbol,
      });
      const fee = spot.fee && !isZero(spot.fee) ? spot.fee : null;
      return {
        title,
        note: note(
          fee
            ? t('assets.log.spot.fee', {
                amount: formatAmount(fee, entry.currency),
                currency: entry.currency,
              })
            : t('assets.log.spot.noFee'),
        ),
      };
    }
  }
}
