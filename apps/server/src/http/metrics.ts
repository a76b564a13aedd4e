import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from './context';
import { DomainError } from './domain-error';
import { exposure as leverageExposure } from '../modules/leverage/leverage.console';
import { fund as loanFund } from '../modules/loan/loan.console';
import { exposure as optionExposure } from '../modules/options/options.console';
import { reserve as yieldReserve } from '../modules/financial/financial.console';
import { IN_PROGRESS as FINANCIAL_IN_PROGRESS } from '../modules/financial/financial.repository';
import { budget as rebateBudget } from '../modules/team/team.console';
import type { Hub } from '../realtime/hub';

export const METRICS_PATH = '/metrics';

/**
 * The process's Prometheus metrics (prom-client), one registry per app so several apps in one
 * process (the tests) never share counters. Requests and ledger commits are counted as they
 * happen; websocket clients, job lag and the system accounts' coverage are read at each scrape.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'tidemark_http_requests_total',
    help: 'HTTP requests by route and HTTP status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });
  readonly latency = new Histogram({
    name: 'tidemark_http_request_duration_seconds',
    help: 'Time to answer a request, by route',
    labelNames: ['route', 'method'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly refusals = new Counter({
    name: 'tidemark_api_refusals_total',
    help: 'Calls refused with a catalogue message (a rule, a limit, not found), by route and message code',
    labelNames: ['route', 'code'] as const,
    registers: [this.registry],
  });
  readonly commits = new Counter({
    name: 'tidemark_ledger_commits_total',
    help: 'Database transactions committed by the group committer',
    registers: [this.registry],
  });
  readonly batchSize = new Histogram({
    name: 'tidemark_ledger_commit_batch_size',
    help: 'Units (ledger transfers with their writes) committed together in one transaction',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'tidemark_' });
  }

  /** A committed group of `units` units (GroupCommitter calls it). */
  committed(units: number): void {
    this.commits.inc();
    this.batchSize.observe(units);
  }

  /** The gauges read at scrape time from the running app. */
  watch(app: AppContext, hub: Hub): void {
    const registers = [this.registry];
    /** How long ago a job's oldest due time was, in seconds (0 when nothing is due). */
    const lagSeconds = (oldest: bigint | number | string | null | undefined): number =>
      oldest === null || oldest === undefined
        ? 0
        : Math.max(0, (app.clock.now() - Number(oldest)) / 1000);
    new Gauge({
      name: 'tidemark_ws_clients',
      help: 'Open websocket connections',
      registers,
      collect() {
        this.set(hub.size);
      },
    });
    new Gauge({
      name: 'tidemark_ws_send_queue_bytes',
      help: 'Bytes waiting in the websockets send buffers, all clients together',
      registers,
      collect() {
        this.set(hub.bufferedBytes());
      },
    });
    new Gauge({
      name: 'tidemark_option_settlement_lag_seconds',
      help: 'How long the oldest running option is past its expiry without a settlement (0 when none)',
      registers,
      async collect() {
        const row = await app.db
          .selectFrom('option_due')
          .select((eb) => eb.fn.min('settle_time').as('oldest'))
          .executeTakeFirst();
        this.set(lagSeconds(row?.oldest));
      },
    });
    new Gauge({
      name: 'tidemark_dividend_lag_seconds',
      help: 'How long the oldest financial order in progress is past its next dividend run without it (0 when none)',
      registers,
      async collect() {
        const row = await app.db
          .selectFrom('financial_orders')
          .select((eb) => eb.fn.min('next_due_at').as('oldest'))
          .where('status', '=', FINANCIAL_IN_PROGRESS)
          .executeTakeFirst();
        this.set(lagSeconds(row?.oldest));
      },
    });
    const engineEvents = new Counter({
      name: 'tidemark_spot_engine_events_total',
      help: 'What the spot matching engines did, by book and event (accepted, rejected, trade, rested, done), market maker included',
      labelNames: ['book', 'event'] as const,
      registers,
      collect() {
        engineEvents.reset();
        if (!app.spot) return;
        for (const [book, counts] of Object.entries(app.spot.engineEvents))
          for (const [event, n] of Object.entries(counts)) engineEvents.inc({ book, event }, n);
      },
    });
    const coverage = new Gauge({
      name: 'tidemark_system_account_usdt',
      help: 'A system account the operator funds: its balance, what it owes or may owe, and the headroom between them (USDT)',
      labelNames: ['account', 'book', 'figure'] as const,
      registers,
      async collect() {
        coverage.reset();
        const set = (account: string, book: string, figure: string, value: string) =>
          coverage.set({ account, book, figure }, Number(value));
        const [options, leverage, reserve, loans, budget] = await Promise.all([
          optionExposure(app),
          leverageExposure(app),
          yieldReserve(app),
          loanFund(app),
          rebateBudget(app),
        ]);
        for (const b of options.books) {
          set('options_pool', b.book, 'balance', b.poolBalance);
          set('options_pool', b.book, 'owed', b.worstCasePayout);
          set('options_pool', b.book, 'headroom', b.headroom);
        }
        for (const b of leverage.books) {
          set('insurance_fund', b.book, 'balance', b.fundBalance);
          set('insurance_fund', b.book, 'owed', b.openProfit);
          set('insurance_fund', b.book, 'headroom', b.headroom);
        }
        for (const b of reserve.books) {
          set('yield_reserve', b.book, 'balance', b.balance);
          set('yield_reserve', b.book, 'owed', b.promised);
          set('yield_reserve', b.book, 'headroom', b.headroom);
        }
        for (const f of loans.funds.filter((f) => f.currency === 'USDT')) {
          set('loan_fund', 'real', 'balance', f.balance);
          set('loan_fund', 'real', 'owed', f.applying);
          set('loan_fund', 'real', 'headroom', f.headroom);
        }
        for (const r of budget.rows.filter((r) => r.currency === 'USDT')) {
          set('rebate_budget', 'real', 'balance', r.balance);
          set('rebate_budget', 'real', 'owed', r.pending);
          set('rebate_budget', 'real', 'headroom', r.headroom);
        }
      },
    });
  }
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Counts every request (route pattern, so the label set stays bounded) and serves GET /metrics
 * in Prometheus' text format to a scraper sending `Authorization: Bearer <METRICS_TOKEN>`.
 * Without METRICS_TOKEN the endpoint does not exist (404).
 */
export function registerMetrics(
  fastify: FastifyInstance,
  metrics: Metrics,
  token: string | undefined,
): void {
  fastify.addHook('onError', async (request, _reply, error) => {
    if (error instanceof DomainError)
      metrics.refusals.inc({ route: request.routeOptions.url ?? 'unmatched', code: error.key });
  });
  fastify.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === METRICS_PATH) return;
    const method = request.method;
    metrics.requests.inc({ route, method, status: String(reply.statusCode) });
    metrics.latency.observe({ route, method }, reply.elapsedTime / 1000);
  });
  if (!token) return;
  fastify.get(METRICS_PATH, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameToken(given, token))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .type('text/plain')
        .send('unauthorized\n');
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
