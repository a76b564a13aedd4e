import { useState } from 'react';

function read(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/** An on/off choice kept on this device (hide amounts, hide zero balances), off by default. */
export function useStoredFlag(key: string): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => read(key));
  const set = (next: boolean) => {
    setOn(next);
    try {
      if (next) localStorage.setItem(key, '1');
      else localStorage.removeItem(key);
    } catch {
      // Private mode without storage: the choice lasts until the page closes.
    }
  };
  return [on, set];
}
