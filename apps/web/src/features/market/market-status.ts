import type { Ticker } from '@tidemark/contract';

/**
 * Whether a coin's market is suspended (too few fresh price sources, issue 17), as its ticker says.
 * The ticker is live over the socket, so the answer flips back by itself when the sources return.
 * An unknown ticker (still loading) is not treated as suspended: the server refuses anyway.
 */
export function isSuspended(ticker: Pick<Ticker, 'status'> | undefined): boolean {
  return ticker?.status === 'suspended';
}
