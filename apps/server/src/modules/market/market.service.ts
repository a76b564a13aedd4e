import type { CandlePeriod, Candle, ConversionRate, Product, Ticker } from '@tidemark/contract';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';

/** Public market data, all from app.market (DESIGN.md section 1: prices come only from the feed). */

function known(app: AppContext, symbol: string): string {
  if (!app.market.product(symbol)) throw new DomainError('notFound');
  return symbol;
}

export function tickers(app: AppContext): Ticker[] {
  return app.market.tickers();
}

/** type 1: the option delivery products only. */
export function products(app: AppContext, type: number | undefined): readonly Product[] {
  const all = app.market.products();
  return type === 1 ? all.filter((p) => p.options) : all;
}

export function ticker(app: AppContext, symbol: string): Ticker {
  const found = app.market.ticker(known(app, symbol));
  if (!found) throw new DomainError('notFound');
  return found;
}

export function candles(
  app: AppContext,
  input: { symbol: string; period: CandlePeriod; limit: number; endTime?: number | undefined },
): Promise<Candle[]> {
  return app.market.candles(known(app, input.symbol), input.period, input.limit, input.endTime);
}

export function rates(app: AppContext, at: 'live' | 'minute'): ConversionRate[] {
  return app.market.rates(at);
}
