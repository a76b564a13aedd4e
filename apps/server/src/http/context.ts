import type { AccountMode } from '@tidemark/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DatabaseHandle, Db } from '../db/database';
import type { Clock } from '../lib/clock';
import type { Delivery } from '../modules/auth/delivery';
import type { GroupCommitter } from '../db/group-commit';
import type { Ledger } from '../ledger/ledger';
import type { Market } from '../market/market';
import type { SpotMarkets } from '../modules/spot/spot.markets';
import type { Bus } from '../realtime/bus';
import type { Hub } from '../realtime/hub';
import { DomainError } from './domain-error';

/** What every service may use; built once by buildApp. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  /** Runs money-moving units of work; on SQLite many share one commit (group commit). */
  writer: GroupCommitter;
  ledger: Ledger;
  clock: Clock;
  delivery: Delivery;
  /** Websocket clients of this process (a bus joins the processes when scaled out). */
  hub: Hub;
  /** Where events for websocket clients are published. */
  bus: Bus;
  /** Prices, candles, tickers and conversion rates. */
  market: Market;
  /** The spot books; set once they are rebuilt at start. */
  spot: SpotMarkets | null;
  log: FastifyBaseLogger;
}

/** The caller of a user-authenticated call. */
export interface AuthUser {
  id: number;
  sessionId: number;
  /** The book the user trades in (demo or real) as of this request: read with the session. */
  mode: AccountMode;
}

export interface RequestContext {
  app: AppContext;
  user: AuthUser | null;
  ip: string;
  userAgent: string;
  /** Idempotency-Key header, when sent. */
  idempotencyKey: string | undefined;
}

/** The signed-in caller; refuses a visitor (calls with auth 'user' never reach here without). */
export function signedInUser(ctx: RequestContext): AuthUser {
  if (!ctx.user) throw new DomainError('notLoggedIn');
  return ctx.user;
}

/** The signed-in caller's id. */
export function signedInUserId(ctx: RequestContext): number {
  return signedInUser(ctx).id;
}
