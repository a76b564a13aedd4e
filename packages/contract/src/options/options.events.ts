import type { AccountMode } from '../constants';
import type { OptionOrder } from './options.schemas';

/**
 * The option events of the websocket's `user` channel: an order was placed (scheduled or running),
 * started (a period order got its strike at its boundary) or settled (outcome, payout, record; or
 * failed, or cancelled by its trader). Each carries the whole order as the calls answer it.
 */
export const OPTION_EVENTS = ['option.placed', 'option.started', 'option.settled'] as const;
export type OptionEventName = (typeof OPTION_EVENTS)[number];

export interface OptionEvent {
  event: OptionEventName;
  mode: AccountMode;
  order: OptionOrder;
}
