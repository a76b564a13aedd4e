import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A money call's input with the key of the user's press: the key belongs to the press, not to
 * the request, so a retry after a lost answer reuses it (see features/assets/idempotency).
 */
export interface Keyed<T> {
  input: T;
  idempotencyKey: string;
}

/**
 * After a money call the feature's own queries are out of date, and so is what other features
 * show of the same money (the contract wallet on the assets tab): the page passes their keys, as
 * a feature does not reach into another. Invalidates them all at once.
 */
export function useInvalidate(own: QueryKey, related: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([own, ...related].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
