import type { AccountMode } from '@tidemark/contract';

/**
 * Which book's depth and trades a viewer sees: the server answers a signed-in user's own book
 * (demo or real) and the real book to visitors, and names its channels the same way. Undefined
 * while a signed-in user's book is not known yet: nothing is read until it is, so the demo and
 * real books are never mixed on one screen.
 */
export function viewedBook(
  token: string | null,
  mode: AccountMode | undefined,
): AccountMode | undefined {
  return token ? mode : 'real';
}
