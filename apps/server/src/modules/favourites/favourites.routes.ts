import { favouriteCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import { signedInUserId } from '../../http/context';
import * as favourites from './favourites.service';

export const favouriteRoutes: BoundCall[] = [
  handle(favouriteCalls.findFavourites, (_input, ctx) =>
    favourites.favouritesOf(ctx.app, signedInUserId(ctx)),
  ),
  handle(favouriteCalls.updateFavourite, (input, ctx) =>
    favourites.setFavourite(ctx.app, signedInUserId(ctx), input),
  ),
];
