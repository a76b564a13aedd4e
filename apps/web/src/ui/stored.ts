import { useState } from 'react';

/**
 * Choices kept on this device (theme, language, hidden amounts, chart indicators, the quotes tab,
 * a visitor's favourites...). localStorage throws where storage is blocked (private mode, a full
 * quota, a sandboxed frame): then a read finds nothing and a choice lasts for this visit only.
 */

/** The value kept under `key`, or null when there is none or storage is blocked. */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps `value` under `key` (null forgets it); answers whether storage took it. */
export function writeStored(key: string, value: string | null): boolean {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * State kept on this device: read once through `parse` (which answers the default for null or a
 * value it does not know), written back through `serialize` on every change (null: keep nothing,
 * the default).
 */
export function useStoredState<T>(
  key: string,
  parse: (stored: string | null) => T,
  serialize: (value: T) => string | null,
): [T, (next: T) => void] {
  const [value, setValue] = useState(() => parse(readStored(key)));
  const set = (next: T) => {
    setValue(next);
    writeStored(key, serialize(next));
  };
  return [value, set];
}

/** An on/off choice kept on this device (hide amounts, hide zero balances), off by default. */
export function useStoredFlag(key: string): [boolean, (on: boolean) => void] {
  return useStoredState(
    key,
    (stored) => stored === '1',
    (on) => (on ? '1' : null),
  );
}
