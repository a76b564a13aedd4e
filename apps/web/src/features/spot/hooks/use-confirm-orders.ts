import { useState } from 'react';

const CONFIRM_KEY = 'spotConfirmOrders';

function saved(): boolean {
  try {
    return localStorage.getItem(CONFIRM_KEY) !== 'off';
  } catch {
    return true;
  }
}

/**
 * Whether an order shows the confirmation sheet first: yes unless the trader ticked "don't ask
 * again" on this device; the order form offers to ask again.
 */
export function useConfirmOrders(): [ask: boolean, setAsk: (ask: boolean) => void] {
  const [ask, setState] = useState(saved);
  const setAsk = (next: boolean) => {
    setState(next);
    try {
      if (next) localStorage.removeItem(CONFIRM_KEY);
      else localStorage.setItem(CONFIRM_KEY, 'off');
    } catch {
      // Private mode: the choice lasts for this visit.
    }
  };
  return [ask, setAsk];
}
