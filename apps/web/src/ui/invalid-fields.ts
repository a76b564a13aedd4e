import { createContext, useContext } from 'react';

/**
 * The fields of a form that its last check found wanting, by name (the call's input keys): each
 * field marks itself while it is in the set, so a refused form shows where, not only a toast.
 */
export const InvalidFields = createContext<ReadonlySet<string>>(new Set());

/**
 * The `data-invalid` attribute of the field `name`: 'true' while it is marked wanting (styled by
 * `[data-invalid='true']`), else none (and none outside a form that marks fields).
 */
export function useInvalid(name: string | undefined): 'true' | undefined {
  const invalid = useContext(InvalidFields);
  return name !== undefined && invalid.has(name) ? 'true' : undefined;
}
