import fs from 'node:fs';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { BANNER_TYPE, errorMessages, isFreshNewsign } from '@tidemark/contract';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { joinCluster, ROLES, type Cluster } from './cluster/cluster';
import { sharedRateLimitStore } from './http/rate-limit-store';
import type { Config } from './config';
import { openDatabase } from './db/database';
import { GroupCommitter } from './db/group-commit';
import { migrateToLatest } from './db/migrate';
import { seed } from './db/seed';
import { builtAppOptions, registerWebIndex } from './http/built-app';
import { registerApiDocs } from './http/api-docs';
import { Metrics, registerMetrics } from './http/metrics';
import { headerText, registerCalls } from './http/calls';
import {
  clientErrorHandler,
  frameworkErrors,
  installBodyDraining,
  markMultipartReading,
} from './http/early-refusals';
import type { AppContext } from './http/context';
import { errorEnvelope } from './http/envelope';
import { installErrorHandlers } from './http/errors';
import { rateLimiters } from './http/rate-limits';
import { installSecurityHeaders } from './http/security-headers';
import { Ledger } from './ledger/ledger';
import { LedgerProjection } from './ledger/projection';
import { systemClock, type Clock } from './lib/clock';
import { APP_VERSION } from './lib/version';
import { outboxDelivery, smtpDelivery, type Delivery } from './modules/auth/delivery';
import { allRoutes } from './modules';
import { checkUploadStorage, sweepOrphanUploads } from './modules/images/images.service';
import { registerConsole } from './modules/console/console.http';
import { consoleRoutes } from './modules/console/console.routes';
import { financialConsoleRoutes } from './modules/financial/financial.console';
import { contentConsoleRoutes } from './modules/content/content.console';
import { registerContentMedia } from './modules/content/content.media';
import { banners as bannersIn } from './modules/content/content.service';
import { FinancialJobs } from './modules/financial/financial.jobs';
import { seedFinancial } from './modules/financial/financial.service';
import { loanConsoleRoutes } from './modules/loan/loan.console';
import { LoanJobs } from './modules/loan/loan.jobs';
import { seedLoans } from './modules/loan/loan.service';
import { OptionsJobs } from './modules/options/options.jobs';
import { optionsConsoleRoutes } from './modules/options/options.console';
import { marketConsoleRoutes } from './modules/market/market.console';
import { seedOptions } from './modules/options/options.service';
import { leverageConsoleRoutes } from './modules/leverage/leverage.console';
import { LeverageJobs } from './modules/leverage/leverage.jobs';
import { seedLeverage } from './modules/leverage/leverage.service';
import { teamConsoleRoutes } from './modules/team/team.console';
import { seedTeam, TeamJobs } from './modules/team/team.jobs';
import { MarketMaker } from './modules/spot/market-maker';
import { SpotExchange } from './modules/spot/spot.exchange';
import { SpotMarkets } from './modules/spot/spot.markets';
import { supportConsoleRoutes } from './modules/support/support.console';
import { registerSupportLive } from './modules/support/support.live';
import { createMarket } from './market';
import type { ExchangeFactory } from './market/live';
import { Hub } from './realtime/hub';
import { registerWebsocket } from './realtime/ws.routes';

export interface BuildOptions {
  config: Config;
  clock?: Clock;
  delivery?: Delivery;
  /** SQLite file name inside DATA_DIR (tests use one per run). */
  sqliteFile?: string;
  logger?: FastifyServerOptions['logger'];
  /** MARKET_FEED=live: how the sources' exchanges are made (tests point them at nothing). */
  liveExchanges?: ExchangeFactory;
}

export interface Built {
  fastify: FastifyInstance;
  app: AppContext;
  hub: Hub;
  /** The bus and leases of this process (embedded, or one of several when scaled out). */
  cluster: Cluster;
}

/**
 * Strips secrets from a logged URL: the session token (the websocket carries it in the query) and
 * a support visitor's id (it grants that visitor's chat; the app sends it in the query on GETs).
 */
export function loggedUrl(url: string): string {
  return url.replace(/([?&](?:token|visitorId)=)[^&#]*/gi, '$1[redacted]');
}

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.apptoken', 'req.headers.authorization', 'req.headers.newsign'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: loggedUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}

/**
 * Builds the whole server without listening, so tests drive it over a real port or inject. Opens
 * the database, migrates, seeds, and registers every contract call.
 */
export async function buildApp(options: BuildOptions): Promise<Built> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const fastify = Fastify({
    logger: options.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    // What Node's parser and Fastify's router refuse is answered as the envelope too.
    clientErrorHandler,
    frameworkErrors,
    // Per-request lines only when debugging; faults and refusals are logged where they happen.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  // Before any route: hooks reach only the routes added after them.
  installSecurityHeaders(fastify);
  installBodyDraining(fastify);
  const metrics = new Metrics();
  registerMetrics(fastify, metrics, config.metricsToken);

  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(options.sqliteFile ? { sqliteFile: options.sqliteFile } : {}),
  });

  const outbox = outboxDelivery(config.dataDir, () => clock.now());
  const hub = new Hub();
  // Embedded: the hub itself and every lease held; NATS_URL: the JetStream bus and leases.
  const cluster = await joinCluster(config, hub, database.db, fastify.log);
  const bus = cluster.bus;
  const market = createMarket({
    database,
    clock,
    bus,
    config: config.market,
    log: fastify.log,
    ...(options.liveExchanges ? { live: { exchanges: options.liveExchanges } } : {}),
    // Scale-out: one process runs the feed, the others apply its steps.
    ...(cluster.mode === 'scale-out'
      ? { role: { lease: cluster.leases.lease(ROLES.marketFeed), bus } }
      : {}),
  });
  const app: AppContext = {
    config,
    database,
    db: database.db,
    writer: new GroupCommitter(database),
    ledger: new Ledger(database, clock),
    clock,
    delivery:
      options.delivery ??
      (config.smtpUrl ? smtpDelivery(config.smtpUrl, config.smtpFrom, outbox) : outbox),
    hub,
    bus,
    market,
    spot: null,
    log: fastify.log,
  };
  app.writer.observeCommits((units) => metrics.committed(units));
  metrics.watch(app, hub);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const applied = await migrateToLatest(database);
  if (applied.length)
    fastify.log.info({ migrations: applied, database: database.dialect }, 'migrated');
  // The journal's per-account index, caught up before the first request and then every few
  // hundred ms (readers add the tail it has not reached, so none waits for it).
  const projection = new LedgerProjection(database, (error) =>
    app.log.warn({ err: error }, 'could not index the ledger journal'),
  );
  await projection.project();
  projection.start();
  await seed(app);
  await seedOptions(app);
  await seedLeverage(app);
  await seedTeam(app);
  await seedFinancial(app);
  await seedLoans(app);
  await checkUploadStorage(app);
  await cluster.leases.start();
  // Files a crash left without their row; in the background, the server need not wait for it.
  void sweepOrphanUploads(app).then(
    (removed) => removed > 0 && app.log.info({ removed }, 'removed orphaned upload files'),
    (error: unknown) => app.log.warn({ err: error }, 'could not sweep orphaned upload files'),
  );
  await market.start();
  const exchange = new SpotExchange(app);
  const marketMaker = config.spot.marketMaker.enabled ? new MarketMaker(app, exchange) : null;
  // Scale-out: the holder of `spot:markets` keeps the books; the other processes ask it.
  const spotMarkets = new SpotMarkets(
    app,
    exchange,
    marketMaker,
    cluster.mode === 'scale-out' && config.cluster
      ? {
          lease: cluster.leases.lease(ROLES.spotMarkets),
          bus,
          // A takeover comes within about 4/3 of the lease's time to live, plus the rebuild.
          failoverMs: 3 * config.cluster.leaseTtlMs + 5_000,
        }
      : undefined,
  );
  await spotMarkets.start();
  app.spot = spotMarkets;
  // Settles what expired while the server was down, then every order as it expires.
  const optionJobs = new OptionsJobs(app);
  optionJobs.start(cluster.leases.lease(ROLES.optionsJobs));
  // Closes positions whose triggers ticks crossed while the server was down, then at each tick.
  const leverageJobs = new LeverageJobs(app);
  await leverageJobs.start(
    cluster.mode === 'scale-out' ? cluster.leases.lease(ROLES.leverageJobs) : undefined,
  );
  // Closes the days and releases the rebates missed while the server was down, then on the clock.
  const teamJobs = new TeamJobs(app);
  teamJobs.start(cluster.leases.lease(ROLES.teamJobs));
  // Pays every dividend run missed while the server was down (each once), then each as it comes.
  const financialJobs = new FinancialJobs(app);
  financialJobs.start(cluster.leases.lease(ROLES.financialJobs));
  // Marks loans overdue and accrues each missed penalty day once, then on the clock.
  const loanJobs = new LoanJobs(app);
  loanJobs.start(cluster.leases.lease(ROLES.loanJobs));
  // Stop what writes first (the market maker, the books, the feed), then close the database.
  fastify.addHook('onClose', async () => {
    await spotMarkets.stop();
    await optionJobs.stop();
    await leverageJobs.stop();
    await teamJobs.stop();
    await financialJobs.stop();
    await loanJobs.stop();
    await market.stop();
    await app.writer.run(async () => undefined);
    await projection.stop();
    await cluster.close();
    await database.close();
  });

  // Only forms, JSON and multipart: Fastify's built-in text/plain parser would hand a string body
  // to the calls, answered as invalid input instead of 415 unsupportedContentType.
  fastify.removeContentTypeParser('text/plain');
  await fastify.register(formbody);
  markMultipartReading(fastify, 'before');
  await fastify.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // Twice the upload limit: the uploads module answers a file over the limit itself
    // (uploadTooLarge, with the limit); only a far larger one is cut off here (bodyTooLarge).
    // Files likewise: a few more than any call takes (a loan's 4 images), so one too many is
    // answered by the call's own rule ("Please upload 2 to 4 images"), not a bare 413.
    limits: { fileSize: 2 * config.uploads.maxBytes, files: 8, fields: 50 },
  });
  markMultipartReading(fastify, 'after');
  // Scale-out: the limits are counted once for every process (in PostgreSQL), not per process.
  await fastify.register(rateLimit, {
    global: false,
    ...(cluster.mode === 'scale-out' ? { store: sharedRateLimitStore(database.db) } : {}),
  });
  await fastify.register(websocket, { options: { maxPayload: 64 * 1024 } });

  fastify.decorateRequest('user', null);
  installErrorHandlers(fastify);

  // newsign on every contract call (header, or `sign` in the query where no header can be set).
  fastify.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.call) return;
    const sign = headerText(request, 'newsign') ?? (request.query as Record<string, string>).sign;
    if (!isFreshNewsign(config.newsignSecret, sign, clock.now())) {
      request.log.info('stale or missing newsign');
      return reply.send(errorEnvelope('staleSignature'));
    }
  });
  // Lets clients whose clock drifts compute a fresh newsign.
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('x-server-time', String(clock.now()));
  });

  let ready = false;
  fastify.get('/healthz', async (_request, reply) =>
    ready
      ? { status: 'ok', version: APP_VERSION, database: database.dialect }
      : reply.code(503).send({ status: 'starting', ...errorMessages('statusCode500') }),
  );

  registerCalls(fastify, app, allRoutes, rateLimiters(fastify, config.rateLimits));
  // The operator API (/console/api) and the console app (/console): sessions of their own.
  await registerConsole(fastify, app, {
    routes: [
      ...consoleRoutes,
      ...optionsConsoleRoutes,
      ...leverageConsoleRoutes,
      ...teamConsoleRoutes,
      ...financialConsoleRoutes,
      ...contentConsoleRoutes,
      ...loanConsoleRoutes,
      ...supportConsoleRoutes,
      ...marketConsoleRoutes,
    ],
    dist: config.consoleDist,
  });

  registerWebsocket(fastify, app);
  registerSupportLive(fastify, app);
  registerContentMedia(fastify, app);
  await registerApiDocs(fastify, APP_VERSION);
  fastify.addHook('preClose', async () => hub.closeAll(1001, 'server shutting down'));

  if (fs.existsSync(config.webDist)) {
    const web = builtAppOptions(config.webDist);
    await fastify.register(fastifyStatic, {
      ...web,
      // index.html is answered per language (registerWebIndex), the other files as built.
      globIgnore: [...(web.globIgnore ?? []), 'index.html'],
      index: false,
      prefix: '/',
      wildcard: false,
    });
    registerWebIndex(fastify, config.webDist, (lang) => bannersIn(app, BANNER_TYPE.home, lang));
  } else {
    fastify.log.warn({ webDist: config.webDist }, 'web app not built: serving the API only');
  }

  await fastify.ready();
  ready = true;
  return { fastify, app, hub, cluster };
}
