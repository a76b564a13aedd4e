import type { FavouriteList } from '@tidemark/contract';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import * as repo from './favourites.repository';

/**
 * The caller's favourite pairs. A pair an operator has since removed from the market stays
 * stored (it may come back) but is not listed.
 */
export async function favouritesOf(app: AppContext, userId: number): Promise<FavouriteList> {
  const symbols = await repo.symbolsOf(app.db, userId);
  return { symbols: symbols.filter((s) => app.market.product(s) !== undefined) };
}

/** Stars or unstars one configured pair; doing what is already done changes nothing. */
export async function setFavourite(
  app: AppContext,
  userId: number,
  input: { symbol: string; favourite: number },
): Promise<FavouriteList> {
  if (input.favourite === 1) {
    if (!app.market.product(input.symbol)) throw new DomainError('currencyNotOpen');
    await repo.addFavourite(app.db, userId, input.symbol, app.clock.now());
  } else {
    await repo.removeFavourite(app.db, userId, input.symbol);
  }
  return favouritesOf(app, userId);
}
