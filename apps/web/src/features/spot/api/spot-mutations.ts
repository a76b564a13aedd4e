import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { spotCalls, type CallInput, type SpotSide } from '@tidemark/contract';
import { request } from '../../../api/client';
import { spotKeys } from './spot-keys';

/** What a buy sends; a sell is the same without `amount` (only a market buy may give USDT). */
export type OrderInput = CallInput<typeof spotCalls.insertCoinOrder>;

export interface PlaceOrder {
  side: SpotSide;
  input: OrderInput;
  /** Belongs to the user's press of the button, not to this request (see createKeyKeeper). */
  idempotencyKey: string;
}

/**
 * After an order or a cancel the user's orders and balances are out of date, and so is what other
 * features show of the same money (the assets tab, the account-change log): the page passes their
 * keys, as this feature does not reach into another. Only what is on screen is refetched now.
 */
async function refresh(queryClient: QueryClient, related: readonly QueryKey[]): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: spotKeys.user() }),
    ...related.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ]);
}

/** Places a buy (insertCoinOrder) or a sell (sellCoinOrder) in the current book. */
export function usePlaceOrder(related: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ side, input, idempotencyKey }: PlaceOrder) => {
      const options = { loading: true, idempotencyKey };
      if (side === 'buy') return request(spotCalls.insertCoinOrder, input, options);
      const { amount: _amount, ...sell } = input;
      return request(spotCalls.sellCoinOrder, sell, options);
    },
    onSuccess: () => refresh(queryClient, related),
  });
}

/** Cancels one of the user's open orders; the held funds or coins are released. */
export function useCancelOrder(related: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ side, orderId }: { side: SpotSide; orderId: number }) =>
      request(
        side === 'buy' ? spotCalls.cancelBuyOrder : spotCalls.cancelSellOrder,
        { orderId },
        {
          loading: true,
        },
      ),
    // A refusal (orderNotOpen: it filled meanwhile) also means the list on screen is stale.
    onSettled: () => refresh(queryClient, related),
  });
}
