import * as z from 'zod/mini';
import { defineCall } from '../call';
import { emptyInput, intParam, requiredText } from '../fields';
import { SYMBOL_PATTERN } from '../market/market.schemas';

/**
 * A trader's favourite pairs (ours, beyond the spec's call list): kept on the server for a
 * signed-in trader so the star follows them to another device; a visitor's stay in the browser.
 */
export const favouriteList = /* @__PURE__ */ z.object({
  /** Configured pairs only, in the order they were starred. */
  symbols: z.array(z.string()),
});
export type FavouriteList = z.output<typeof favouriteList>;

export const findFavourites = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/favourites',
  area: 'market',
  auth: 'user',
  summary: "the caller's favourite pairs, in the order they were starred",
  input: emptyInput,
  output: favouriteList,
  ours: true,
});

export const updateFavourite = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/api/favourites',
  area: 'market',
  auth: 'user',
  summary:
    'star (favourite 1) or unstar (favourite 0) a configured pair; answers the whole list. Setting what is already so changes nothing',
  input: z.object({
    symbol: requiredText(21).check(
      z.toUpperCase(),
      z.refine((v) => SYMBOL_PATTERN.test(v), { error: 'currencyNotOpen' }),
    ),
    favourite: intParam(0, 1),
  }),
  output: favouriteList,
  ours: true,
});
