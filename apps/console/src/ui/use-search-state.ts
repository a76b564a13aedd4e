import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's filters, tab and page number kept in the URL, so a link (a dashboard card, a shared
 * address) opens the same view and the browser's back button undoes a filter. Changing anything
 * but the page goes back to page 1.
 */
export function useSearchState<K extends string>(
  defaults: Readonly<Record<K, string>>,
): [Readonly<Record<K, string>>, (patch: Partial<Record<K, string>>) => void] {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => {
    const out: Record<K, string> = { ...defaults };
    for (const key of Object.keys(defaults) as K[]) {
      const value = params.get(key);
      if (value !== null) out[key] = value;
    }
    return out;
  }, [params, defaults]);
  const update = useCallback(
    (patch: Partial<Record<K, string>>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(patch) as [K, string | undefined][]) {
            if (value === undefined || value === '' || value === defaults[key]) next.delete(key);
            else next.set(key, value);
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: false },
      );
    },
    [setParams, defaults],
  );
  return [values, update];
}

/** A positive whole number from the URL, or the fallback. */
export function positiveInt(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** The value from the URL when it is one of `allowed` (a tab, a filter), or the fallback. */
export function oneOf<T extends string, F extends T | undefined>(
  allowed: readonly T[],
  text: string,
  fallback: F,
): T | F {
  return (allowed as readonly string[]).includes(text) ? (text as T) : fallback;
}
