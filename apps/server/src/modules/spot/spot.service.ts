import {
  formatMoney,
  ORDER_TAB,
  type AccountMode,
  type ProductConfig,
  type SpotOrder,
  type SpotOrderPhase,
  type SpotSide,
} from '@tidemark/contract';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { userBalances } from '../../ledger/queries';
import * as repo from './spot.repository';
import { productConfig } from './spot.rules';
import type { SpotMarkets } from './spot.markets';
import type { SpotOrderRow } from './spot.table';

export function exchangeOf(app: AppContext): SpotMarkets {
  if (!app.spot) throw new DomainError('currencyNotOpen');
  return app.spot;
}

const decimal = (v: bigint | null) => (v === null ? '' : formatMoney(v));

export function toSpotOrder(row: SpotOrderRow): SpotOrder {
  const phase = row.phase as SpotOrderPhase;
  return {
    orderId: Number(row.id),
    symbol: row.symbol,
    side: row.side as SpotSide,
    type: Number(row.type) === 1 ? 1 : 2,
    price: decimal(row.price),
    quantity: decimal(row.quantity),
    amount: decimal(row.quote_amount),
    filled: formatMoney(row.filled),
    filledAmount: formatMoney(row.filled_quote),
    avgPrice: row.filled > 0n ? formatMoney((row.filled_quote * 100_000_000n) / row.filled) : '',
    fee: formatMoney(row.fee),
    feeCurrency: row.fee_currency,
    status: phase === 'open' || phase === 'partial' ? 'entrusted' : 'closed',
    phase,
    mode: row.book as AccountMode,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function orderPage(
  app: AppContext,
  userId: number,
  mode: AccountMode,
  query: { tab: number; symbol?: string | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await repo.orderPage(app.db, {
    userId,
    book: mode,
    phases: query.tab === ORDER_TAB.current ? ['open', 'partial'] : ['filled', 'cancelled'],
    symbol: query.symbol,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { list: rows.map(toSpotOrder), total, page: query.page, pageSize: query.pageSize };
}

/** The coin wallet's base and quote of a pair, in the current book. */
export async function pairBalances(
  app: AppContext,
  userId: number,
  mode: AccountMode,
  symbol: string,
) {
  const rules = exchangeOf(app).rulesOf(symbol);
  const rows = await userBalances(app.db, userId, mode);
  const find = (wallet: string, currency: string) =>
    BigInt(rows.find((r) => r.wallet === wallet && r.currency === currency)?.balance ?? 0n);
  const balance = (currency: string) => ({
    currency,
    available: formatMoney(find('coin', currency)),
    frozen: formatMoney(find('coin_hold', currency)),
  });
  return { symbol, mode, base: balance(rules.base), quote: balance(rules.quote) };
}

export function config(app: AppContext, symbol: string): ProductConfig {
  return productConfig(exchangeOf(app).rulesOf(symbol));
}

/** USDT a user has traded in a book: what the withdrawal threshold counts. */
export function tradedVolume(app: AppContext, userId: number, book: AccountMode): Promise<bigint> {
  return repo.tradedQuote(app.db, userId, book);
}
