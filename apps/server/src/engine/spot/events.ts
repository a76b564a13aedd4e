import type {
  AcceptedEvent,
  DoneEvent,
  DoneReason,
  RejectedEvent,
  RejectReason,
  RestedEvent,
  Side,
  TradeEvent,
} from './types';

// One constructor per event type, so every event of a type has the same hidden class wherever it
// is made (monomorphic property access for the consumer).

export const accepted = (id: number): AcceptedEvent => ({ type: 'accepted', id });

export const rejected = (id: number, reason: RejectReason): RejectedEvent => ({
  type: 'rejected',
  id,
  reason,
});

export const trade = (
  makerId: number,
  takerId: number,
  makerOwner: number,
  takerOwner: number,
  takerSide: Side,
  price: number,
  quantity: number,
  quote: bigint,
): TradeEvent => ({
  type: 'trade',
  makerId,
  takerId,
  makerOwner,
  takerOwner,
  takerSide,
  price,
  quantity,
  quote,
});

export const rested = (id: number, price: number, remaining: number): RestedEvent => ({
  type: 'rested',
  id,
  price,
  remaining,
});

export const done = (
  id: number,
  reason: DoneReason,
  filled: number,
  remaining: number,
): DoneEvent => ({ type: 'done', id, reason, filled, remaining });
