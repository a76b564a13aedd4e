import type { AccountMode } from '@tidemark/contract';

/** A trader's two books, the real one first: that is where deposits and withdrawals happen. */
export const BOOKS: readonly AccountMode[] = ['real', 'demo'];
