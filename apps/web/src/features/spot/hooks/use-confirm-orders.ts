import { useStoredState } from '../../../ui/stored';

const CONFIRM_KEY = 'spotConfirmOrders';

/**
 * Whether an order shows the confirmation sheet first: yes unless the trader ticked "don't ask
 * again" on this device; the order form offers to ask again.
 */
export function useConfirmOrders(): [ask: boolean, setAsk: (ask: boolean) => void] {
  return useStoredState(
    CONFIRM_KEY,
    (stored) => stored !== 'off',
    (ask) => (ask ? null : 'off'),
  );
}
