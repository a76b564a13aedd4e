import type { AccountMode } from '../constants';
import type { LeveragePosition } from './leverage.schemas';

/**
 * The leverage events of the websocket's `user` channel: a position was opened, updated (take-
 * profit/stop-loss changed, margin added) or closed (by the trader, take-profit, stop-loss or
 * liquidation); each carries the whole position as the calls answer it. `leverage.pnl` carries the
 * live mark and P&L of the trader's open positions on a symbol after each of its ticks.
 */
export const LEVERAGE_EVENTS = ['leverage.opened', 'leverage.updated', 'leverage.closed'] as const;
export type LeverageEventName = (typeof LEVERAGE_EVENTS)[number];

export interface LeverageEvent {
  event: LeverageEventName;
  mode: AccountMode;
  position: LeveragePosition;
}

export interface LeveragePnlEvent {
  event: 'leverage.pnl';
  mode: AccountMode;
  symbol: string;
  markPrice: string;
  /** Tick time (ms). */
  time: number;
  positions: { id: number; pnl: string; equity: string }[];
}
