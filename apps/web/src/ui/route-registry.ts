import { createContext, useContext } from 'react';

/**
 * Whether a page exists yet, provided by the router. Links to pages that are still to come are not
 * shown (a shortcut must never lead nowhere).
 */
export const RouteRegistry = createContext<(path: string) => boolean>(() => false);

export function useRouteExists(): (path: string) => boolean {
  return useContext(RouteRegistry);
}
