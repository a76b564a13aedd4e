import { loadProblem, mayRetry } from '../api/client';
import { ErrorView } from './error-view';

interface ItemErrorViewProps {
  /** What the page says when the server refused the item for good ("This order could not be found"). */
  notFound: string;
  /** The failed read's error. */
  error: unknown;
  /** Reads the item again; absent when there is nothing to ask for (no id, or no valid one). */
  onRetry?: (() => void) | undefined;
}

/**
 * A detail page whose one item could not be shown: "not found" without Retry when the server
 * refused it (or there was no id to ask for), otherwise what went wrong, with Retry.
 */
export function ItemErrorView({ notFound, error, onRetry }: ItemErrorViewProps) {
  const retry = onRetry && mayRetry(error) ? onRetry : undefined;
  return <ErrorView title={retry ? loadProblem(error, notFound) : notFound} onRetry={retry} />;
}
