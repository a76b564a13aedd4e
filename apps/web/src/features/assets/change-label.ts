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
 * How one line of the account-change log reads. A spot order's hold and its release are money
 * parked and given back, not trades, so they say so and name the order; a fill says what was
 * bought or sold and the fee already taken from the amount. Entries without a spot detail (other
 * types, or spot entries from before the ledger kept one) read as their type.
 */
export function changeLabel(
  entry: AccountChange,
  t: TFunction,
  /** Shows an amount of a currency as the rest of the row does. */
  formatAmount: (decimal: string, currency: string) => string,
): ChangeLabel {
  const spot = entry.spot;
  if (!spot) return { title: t(`assets.types.${entry.type}`), note: null };
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
