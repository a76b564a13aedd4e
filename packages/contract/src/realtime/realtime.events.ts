import type { CandlePeriod } from '../constants';
import type { MailEvent } from '../content/content.schemas';
import type { Candle, Depth, Ticker, Trade } from '../market/market.schemas';
import type { AccountMode, AccountType } from '../constants';
import type { LeverageEvent, LeveragePnlEvent } from '../leverage/leverage.events';
import type { OptionEvent } from '../options/options.events';
import type { SpotOrderPhase, SpotSide } from '../spot/spot.schemas';
import type { SupportMessageEvent } from '../support/support.events';

/**
 * The websocket's messages (DESIGN.md section 4). The client sends `{"type":1}` (heartbeat),
 * `{"type":"sub","channels":[...]}` and `{"type":"unsub","channels":[...]}`; the server answers the
 * plain text `success` on connect, then `{"channel": ..., "data": ...}` frames.
 */
export const channels = {
  tickers: 'tickers',
  candle: (symbol: string, period: CandlePeriod) => `candle.${symbol}.${period}`,
  /** A book's depth: the real book's is `depth.BTC/USDT`, the demo book's `depth.BTC/USDT.demo`. */
  depth: (symbol: string, mode: AccountMode = 'real') =>
    mode === 'demo' ? `depth.${symbol}.demo` : `depth.${symbol}`,
  /** A book's trades, named like its depth. */
  trades: (symbol: string, mode: AccountMode = 'real') =>
    mode === 'demo' ? `trades.${symbol}.demo` : `trades.${symbol}`,
  user: 'user',
} as const;

/** A change of one of the user's balances. */
export interface BalanceEvent {
  event: 'balance';
  mode: AccountMode;
  wallet: AccountType;
  currency: string;
  available: string;
  frozen: string;
}

/** A change of one of the user's spot orders: placed, (partly) filled or cancelled. */
export interface OrderEvent {
  event: 'order';
  mode: AccountMode;
  orderId: number;
  symbol: string;
  side: SpotSide;
  phase: SpotOrderPhase;
  /** Base quantity filled so far. */
  filled: string;
}

export type UserEvent =
  | BalanceEvent
  | OrderEvent
  | OptionEvent
  | MailEvent
  | SupportMessageEvent
  | LeverageEvent
  | LeveragePnlEvent;

/** What each channel carries. */
export interface ChannelData {
  tickers: Ticker[];
  candle: Candle;
  depth: Depth;
  /** New trades, newest first. */
  trades: Trade[];
  user: UserEvent;
  heartbeat: { serverTime: number };
  error: { message?: string; refused?: string[] };
}

/** A frame as the client receives it. */
export interface ServerFrame<K extends keyof ChannelData = keyof ChannelData> {
  channel: string;
  data: ChannelData[K];
}
