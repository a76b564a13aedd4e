import path from 'node:path';
import { isTimeZone, limitText, MAX_AMOUNT, NEWSIGN_DEFAULT_SECRET } from '@tidemark/contract';
import { z } from 'zod';
import { parseAmountLimits, type AmountLimits } from './ledger/amount-limits';
import { parseS3Url, type S3Settings } from './modules/images/images.s3-url';
import { PREFIX_PATTERN } from './realtime/subjects';
import {
  DEFAULT_INDEX_RULES,
  isLiveSource,
  LIVE_SOURCES,
  type IndexRules,
  type LiveSourceName,
} from './market/live/names';

/** apps/server, whether this runs from src/ (tests, tsx) or from the dist/ bundle. */
const serverDir = path.resolve(import.meta.dirname, '..');

export interface RateLimitSize {
  max: number;
  windowMs: number;
}

/**
 * Request limits per client address and per account. Where a stranger could use an account limit
 * to keep its owner out (login, codes, password reset), there is none: the captcha rules of
 * `CaptchaRules` slow guessing down instead, and only the address limit refuses.
 */
export interface RateLimits {
  /**
   * The trader login counts failed logins only (per address: `perIp`); `perAccount` sizes the
   * operator console's per-username request limit.
   */
  login: { perIp: RateLimitSize; perAccount: RateLimitSize };
  register: { perIp: RateLimitSize; perAccount?: RateLimitSize };
  sendCode: { perIp: RateLimitSize; perAccount?: RateLimitSize };
  passwordReset: { perIp: RateLimitSize; perAccount?: RateLimitSize };
}

/** When an account's login, password reset or next code needs the image code of getVerify. */
export interface CaptchaRules {
  /** Failed logins (or wrong reset codes) for one account within `failureWindowMs`. */
  afterFailures: number;
  failureWindowMs: number;
  /** Codes sent to one address within `codeWindowMs` after which another needs the captcha. */
  afterCodes: number;
  codeWindowMs: number;
}

const minutes = (n: number) => n * 60_000;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: {
    perIp: { max: 30, windowMs: minutes(10) },
    perAccount: { max: 10, windowMs: minutes(15) },
  },
  register: {
    perIp: { max: 10, windowMs: minutes(60) },
    perAccount: { max: 5, windowMs: minutes(60) },
  },
  sendCode: {
    perIp: { max: 20, windowMs: minutes(60) },
  },
  passwordReset: {
    perIp: { max: 10, windowMs: minutes(60) },
  },
};

export function captchaRules(afterFailures: number): CaptchaRules {
  return {
    afterFailures,
    failureWindowMs: minutes(15),
    afterCodes: afterFailures,
    codeWindowMs: minutes(60),
  };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** A fee rate as a decimal fraction: "0.001" is 0.1 %. */
const decimalRate = z.string().regex(/^0(\.\d{1,8})?$/, 'must be a decimal fraction like 0.001');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  NEWSIGN_SECRET: z
    .string()
    .regex(/^[A-Z2-7]+=*$/, 'must be a base32 string (A-Z and 2-7)')
    .min(16, 'must be at least 16 base32 characters')
    .default(NEWSIGN_DEFAULT_SECRET),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_FROM: z.string().default('Tidemark <no-reply@tidemark.local>'),
  CAPTCHA_AFTER_FAILURES: z.coerce.number().int().min(1).max(100).default(3),
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRUST_PROXY: booleanFlag,
  ALLOWED_ORIGINS: z.string().default(''),
  WEB_DIST: z.string().optional(),
  CONSOLE_DIST: z.string().optional(),
  AMOUNT_MAX: z.string().default(limitText(MAX_AMOUNT)),
  AMOUNT_MAX_BY_CURRENCY: z.string().default(''),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(65_536)
    .max(50 * 1_048_576)
    .default(5 * 1_048_576),
  /** Its value is never repeated in a message: it holds the secret. */
  S3_URL: z.string().optional(),
  MARKET_SEED: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(20_261_121),
  MARKET_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(250),
  MARKET_HISTORY_DAYS: z.coerce.number().min(0.05).max(60).default(7),
  SPOT_MAKER_FEE_RATE: decimalRate.default('0.001'),
  SPOT_TAKER_FEE_RATE: decimalRate.default('0.001'),
  SPOT_MIN_NOTIONAL: z
    .string()
    .regex(/^\d+(\.\d{1,8})?$/, 'must be a decimal like 5 or 0.5')
    .default('5'),
  MM_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  MM_SPREAD_BPS: z.coerce.number().int().min(1).max(500).default(8),
  MM_LAYERS: z.coerce.number().int().min(1).max(50).default(12),
  MM_STEP_BPS: z.coerce.number().int().min(1).max(200).default(4),
  MM_LAYER_USDT: z
    .string()
    .regex(/^\d+(\.\d{1,8})?$/, 'must be a decimal amount of USDT')
    .default('2500'),
  MARKET_FEED: z.enum(['sim', 'simulator', 'scripted', 'live']).default('sim'),
  MARKET_SCRIPT: z.string().optional(),
  MARKET_SOURCES: z.string().default(LIVE_SOURCES.join(',')),
  MARKET_STALE_MS: z.coerce
    .number()
    .int()
    .min(1_000, 'must be at least 1000 ms')
    .max(300_000, 'must be at most 300000 ms (5 minutes)')
    .default(DEFAULT_INDEX_RULES.staleMs),
  MARKET_BAND_BPS: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1 basis point')
    .max(5_000, 'must be at most 5000 basis points (50 %)')
    .default(DEFAULT_INDEX_RULES.bandBps),
  MARKET_MIN_SOURCES: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(LIVE_SOURCES.length, `must be at most ${LIVE_SOURCES.length}`)
    .default(DEFAULT_INDEX_RULES.minSources),
  TICK_LOG_DAYS: z.coerce.number().min(7, 'must be at least 7 days').max(3650).default(7),
  OPTIONS_SETTLE_TOLERANCE_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  OPTIONS_PERIODS: z
    .string()
    .regex(/^\d{1,5}(,\d{1,5})*$/, 'must be seconds separated by commas, like 60,120,300')
    .default('60,120,300'),
  OPTIONS_POOL_FUNDING_REAL: z
    .string()
    .regex(/^\d+(\.\d{1,8})?$/, 'must be a decimal amount of USDT')
    .default('1000000'),
  OPTIONS_POOL_FUNDING_DEMO: z
    .string()
    .regex(/^\d+(\.\d{1,8})?$/, 'must be a decimal amount of USDT')
    .default('100000000'),
  LEVERAGE_FUND_FUNDING_REAL: z
    .string()
    .regex(/^\d+(\.\d{1,8})?$/, 'must be a decimal amount of USDT')
    .default('1000000'),
  LEVERAGE_FUND_FUNDING_DEMO: z
    .string()
    .regex(/^\d+(\.\d{1,8})?$/, 'must be a decimal amount of USDT')
    .default('100000000'),
  LEVERAGE_LOT_PRICE: z
    .string()
    .regex(/^\d+(\.\d{1,8})?$/, 'must be a decimal amount of USDT')
    .default('100'),
  LEVERAGE_OPEN_FEE_RATE: decimalRate.default('0.001'),
  LEVERAGE_CLOSE_FEE_RATE: decimalRate.default('0.001'),
  LEVERAGE_MAINTENANCE_RATE: decimalRate.default('0.5'),
  LEVERAGE_PROTECTION: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  LEVERAGE_TIER_THRESHOLDS: z
    .string()
    .regex(
      /^0(,\d+(\.\d{1,8})?){3}$/,
      'must be four USDT volumes separated by commas, the first 0, like 0,10000,100000,1000000',
    )
    .default('0,10000,100000,1000000'),
  LEVERAGE_TIER_MULTIPLES: z
    .string()
    .regex(/^\d{1,2}(,\d{1,2}){3}$/, 'must be four whole multiples, like 2,3,4,5')
    .default('2,3,4,5'),
  LOAN_FUND_FUNDING: z
    .string()
    .regex(/^\d+(\.\d{1,8})?$/, 'must be a decimal amount of USDT')
    .default('500000'),
  TEAM_DEPOSIT_RATE: decimalRate.default('0.03'),
  TEAM_PROFIT_RATE: decimalRate.default('0.065'),
  TEAM_DEPOSIT_RATE_LEVEL2: decimalRate.default('0'),
  TEAM_PROFIT_RATE_LEVEL2: decimalRate.default('0'),
  TEAM_WINDOW_START: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM')
    .default('09:00'),
  TEAM_WINDOW_END: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM')
    .default('18:00'),
  TEAM_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as America/Los_Angeles')
    .default('America/Los_Angeles'),
  TEAM_TRANSFER_DAY: z.coerce.number().int().min(1).max(28).default(25),
  TEAM_BUDGET_FUNDING: z
    .string()
    .regex(/^\d+(\.\d{1,8})?$/, 'must be a decimal amount of USDT')
    .default('100000'),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  FINANCIAL_RESERVE_FUNDING_REAL: z
    .string()
    .regex(/^\d+(\.\d{1,8})?$/, 'must be a decimal amount of USDT')
    .default('200000'),
  FINANCIAL_RESERVE_FUNDING_DEMO: z
    .string()
    .regex(/^\d+(\.\d{1,8})?$/, 'must be a decimal amount of USDT')
    .default('20000000'),
  NATS_URL: z
    .string()
    .regex(
      /^(nats|tls):\/\/[^\s,]+(,(nats|tls):\/\/[^\s,]+)*$/,
      'must be nats:// or tls:// URLs separated by commas, like nats://127.0.0.1:4222',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  NATS_PREFIX: z
    .string()
    .regex(PREFIX_PATTERN, 'must be 1 to 32 lower-case letters, digits or -, like tidemark')
    .default('tidemark'),
  LEASE_TTL_MS: z.coerce
    .number()
    .int()
    .min(1_000, 'must be at least 1000 ms')
    .max(60_000, 'must be at most 60000 ms')
    .default(3_000),
  /** Tests only (NODE_ENV=test): a file holding the clock's offset in ms, read as it changes. */
  TEST_CLOCK_FILE: z.string().optional(),
  NODE_ENV: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  newsignSecret: string;
  logLevel: (typeof LOG_LEVELS)[number];
  smtpUrl: string | undefined;
  smtpFrom: string;
  tokenTtlMs: number;
  /** Bearer token a Prometheus scraper sends for GET /metrics; unset: no /metrics at all. */
  metricsToken: string | undefined;
  trustProxy: boolean;
  /** Origins allowed to open the websocket besides the server's own host. */
  allowedOrigins: string[];
  /** The built trader app; served at / when it exists. */
  webDist: string;
  /** The built operator console; served at /console when it exists. */
  consoleDist: string;
  /** Largest JSON or form body, in bytes. */
  bodyLimit: number;
  /** Largest amount per request and currency (below the contract's MAX_AMOUNT). */
  amountLimits: AmountLimits;
  rateLimits: RateLimits;
  captcha: CaptchaRules;
  uploads: UploadConfig;
  market: MarketConfig;
  spot: SpotConfig;
  options: OptionsConfig;
  leverage: LeverageConfig;
  loan: LoanConfig;
  team: TeamConfig;
  /** Where the app is reached from outside ("https://app.example.com"): share links are absolute. */
  publicUrl: string | undefined;
  financial: FinancialConfig;
  /** A test run's clock offset file (NODE_ENV=test only); undefined in every deployment. */
  testClockFile: string | undefined;
  /** Scale-out (NATS_URL set); undefined in the embedded single-process mode. */
  cluster: ClusterConfig | undefined;
}

export interface ClusterConfig {
  /** NATS_URL: the bus between the processes (JetStream). */
  natsUrl: string;
  /** NATS_PREFIX: this installation's subjects and stream on that NATS. */
  natsPrefix: string;
  /** LEASE_TTL_MS: how long a role's owner may go silent before a standby takes the role over. */
  leaseTtlMs: number;
}

export interface LoanConfig {
  /** USDT moved from the real treasury to the loan fund on a fresh install. */
  fundFunding: string;
}

export interface FinancialConfig {
  /** USDT moved from each book's treasury to its yield reserve on a fresh install. */
  reserveFunding: { real: string; demo: string };
}

export interface TeamConfig {
  /** Defaults of the rebate terms on a fresh install (the console changes them afterwards). */
  depositRate: string;
  profitRate: string;
  depositRate2: string;
  profitRate2: string;
  windowStart: string;
  windowEnd: string;
  timeZone: string;
  transferDay: number;
  /** USDT moved from the real treasury to the rebate budget on a fresh install. */
  budgetFunding: string;
}

export interface LeverageConfig {
  /** USDT moved from each book's treasury to its insurance fund on a fresh install. */
  fundFunding: { real: string; demo: string };
  /** Terms of a fresh install (the console changes them afterwards, for new positions). */
  lotPrice: string;
  openFeeRate: string;
  closeFeeRate: string;
  maintenanceRate: string;
  protection: boolean;
  /** Per member tier (ordinary, gold, platinum, diamond): 30-day volume and largest multiple. */
  tierThresholds: string[];
  tierMultiples: number[];
}

export interface OptionsConfig {
  /** A settlement (or start) tick older than this before expiry (or start) fails the order. */
  settleToleranceMs: number;
  /** Periods (seconds) seeded for every option symbol on a fresh install. */
  periods: number[];
  /** USDT moved from each book's treasury to its options pool on a fresh install. */
  poolFunding: { real: string; demo: string };
}

export interface SpotConfig {
  /** Fee rates as decimal strings ("0.001" = 0.1 %); shown in findByBProductConfig. */
  makerFeeRate: string;
  takerFeeRate: string;
  /** Smallest order value in USDT. */
  minNotional: string;
  marketMaker: {
    enabled: boolean;
    /** Distance between the best bid and the best ask, in basis points of the feed price. */
    spreadBps: number;
    layers: number;
    /** Distance between two layers, in basis points. */
    stepBps: number;
    /** USDT value of each layer. */
    layerUsdt: string;
  };
}

export interface UploadConfig {
  /** Largest image a user may upload, in bytes (the app compresses before sending). */
  maxBytes: number;
  /** Where the local-disk storage keeps the re-encoded images: DATA_DIR/uploads. */
  dir: string;
  /** S3_URL: an S3-compatible bucket takes the local disk's place; undefined: the local disk. */
  s3: S3Settings | undefined;
}

export interface MarketConfig {
  /** Seed of the simulated history: the same seed and start give the same candles. */
  seed: number;
  /**
   * Live prints from the seed too, so that two runs print alike: for tests that compare runs, and
   * never read from the environment. Otherwise (the server) they come from secure randomness, and
   * nobody who knows the seed can foresee a price an option settles on.
   */
  seededLive?: boolean;
  /** How often the simulated feed ticks. */
  tickMs: number;
  /** Days of one-minute history back-filled on first start (tests use less). */
  historyDays: number;
  /**
   * Where live prices come from, chosen at start only: the seeded simulator, or a scripted feed
   * (MARKET_SCRIPT, a JSON file: per symbol a start price and a steady move per second) that makes
   * test outcomes predictable, or the median index of the exchanges in `live` (MARKET_FEED=live).
   * Nothing else can feed a price or a tick.
   */
  feed?: { kind: 'simulator' } | { kind: 'scripted'; script: string } | { kind: 'live' };
  /**
   * The live index's sources and rules (MARKET_SOURCES, MARKET_STALE_MS, MARKET_BAND_BPS,
   * MARKET_MIN_SOURCES); read for every feed, used by the live one.
   */
  live?: LiveConfig;
  /** Days the tick log keeps every tick (at least 7 by default). */
  tickLogDays?: number;
}

export interface LiveConfig extends IndexRules {
  sources: LiveSourceName[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads every setting from the environment, or throws ConfigError naming each bad variable. */
/**
 * The configuration of a process started from the command line (the server, the CLI tools): a
 * wrong setting is printed with what is wrong and the process exits with code 2.
 */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const amounts = parseAmountLimits(e.AMOUNT_MAX, e.AMOUNT_MAX_BY_CURRENCY);
  if ('problems' in amounts) throw new ConfigError(amounts.problems);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    newsignSecret: e.NEWSIGN_SECRET,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    tokenTtlMs: e.TOKEN_TTL_DAYS * 24 * 3_600_000,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    webDist: path.resolve(e.WEB_DIST ?? path.join(serverDir, '../web/dist')),
    consoleDist: path.resolve(e.CONSOLE_DIST ?? path.join(serverDir, '../console/dist')),
    bodyLimit: 1_048_576,
    amountLimits: amounts.limits,
    rateLimits: DEFAULT_RATE_LIMITS,
    captcha: captchaRules(e.CAPTCHA_AFTER_FAILURES),
    uploads: {
      maxBytes: e.UPLOAD_MAX_BYTES,
      dir: path.join(path.resolve(e.DATA_DIR), 'uploads'),
      s3: s3Settings(e.S3_URL),
    },
    market: {
      seed: e.MARKET_SEED,
      tickMs: e.MARKET_TICK_MS,
      historyDays: e.MARKET_HISTORY_DAYS,
      feed: marketFeed(e.MARKET_FEED, e.MARKET_SCRIPT),
      live: liveConfig(e.MARKET_SOURCES, {
        staleMs: e.MARKET_STALE_MS,
        bandBps: e.MARKET_BAND_BPS,
        minSources: e.MARKET_MIN_SOURCES,
      }),
      tickLogDays: e.TICK_LOG_DAYS,
    },
    spot: {
      makerFeeRate: e.SPOT_MAKER_FEE_RATE,
      takerFeeRate: e.SPOT_TAKER_FEE_RATE,
      minNotional: e.SPOT_MIN_NOTIONAL,
      marketMaker: {
        enabled: e.MM_ENABLED,
        spreadBps: e.MM_SPREAD_BPS,
        layers: e.MM_LAYERS,
        stepBps: e.MM_STEP_BPS,
        layerUsdt: e.MM_LAYER_USDT,
      },
    },
    options: {
      settleToleranceMs: e.OPTIONS_SETTLE_TOLERANCE_MS,
      periods: [...new Set(e.OPTIONS_PERIODS.split(',').map(Number))].filter((n) => n > 0),
      poolFunding: { real: e.OPTIONS_POOL_FUNDING_REAL, demo: e.OPTIONS_POOL_FUNDING_DEMO },
    },
    leverage: {
      fundFunding: { real: e.LEVERAGE_FUND_FUNDING_REAL, demo: e.LEVERAGE_FUND_FUNDING_DEMO },
      lotPrice: e.LEVERAGE_LOT_PRICE,
      openFeeRate: e.LEVERAGE_OPEN_FEE_RATE,
      closeFeeRate: e.LEVERAGE_CLOSE_FEE_RATE,
      maintenanceRate: e.LEVERAGE_MAINTENANCE_RATE,
      protection: e.LEVERAGE_PROTECTION,
      tierThresholds: e.LEVERAGE_TIER_THRESHOLDS.split(','),
      tierMultiples: e.LEVERAGE_TIER_MULTIPLES.split(',').map(Number),
    },
    loan: { fundFunding: e.LOAN_FUND_FUNDING },
    team: {
      depositRate: e.TEAM_DEPOSIT_RATE,
      profitRate: e.TEAM_PROFIT_RATE,
      depositRate2: e.TEAM_DEPOSIT_RATE_LEVEL2,
      profitRate2: e.TEAM_PROFIT_RATE_LEVEL2,
      windowStart: e.TEAM_WINDOW_START,
      windowEnd: e.TEAM_WINDOW_END,
      timeZone: e.TEAM_TIME_ZONE,
      transferDay: e.TEAM_TRANSFER_DAY,
      budgetFunding: e.TEAM_BUDGET_FUNDING,
    },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    financial: {
      reserveFunding: {
        real: e.FINANCIAL_RESERVE_FUNDING_REAL,
        demo: e.FINANCIAL_RESERVE_FUNDING_DEMO,
      },
    },
    testClockFile: testClockFile(e.TEST_CLOCK_FILE, e.NODE_ENV),
    cluster: clusterConfig(e.NATS_URL, e.NATS_PREFIX, e.LEASE_TTL_MS, e.DATABASE_URL),
  };
}

/** Scale-out needs the shared database: several processes cannot share one SQLite file. */
function clusterConfig(
  natsUrl: string | undefined,
  natsPrefix: string,
  leaseTtlMs: number,
  databaseUrl: string | undefined,
): ClusterConfig | undefined {
  if (!natsUrl) return undefined;
  if (!databaseUrl)
    throw new ConfigError([
      'NATS_URL: scale-out needs PostgreSQL (DATABASE_URL); the embedded SQLite mode runs one process',
    ]);
  return { natsUrl, natsPrefix, leaseTtlMs };
}

/** S3_URL set: uploads go to that bucket instead of DATA_DIR/uploads. */
function s3Settings(url: string | undefined): S3Settings | undefined {
  if (!url) return undefined;
  const settings = parseS3Url(url);
  if ('problem' in settings) throw new ConfigError([settings.problem]);
  return settings;
}

/** A moved clock is for test runs only: outside NODE_ENV=test the setting stops the start. */
function testClockFile(file: string | undefined, nodeEnv: string | undefined): string | undefined {
  if (!file) return undefined;
  if (nodeEnv !== 'test')
    throw new ConfigError(['TEST_CLOCK_FILE: only a test run (NODE_ENV=test) may move the clock']);
  return path.resolve(file);
}

function marketFeed(
  kind: 'sim' | 'simulator' | 'scripted' | 'live',
  script: string | undefined,
): MarketConfig['feed'] {
  if (kind === 'sim' || kind === 'simulator') return { kind: 'simulator' };
  if (kind === 'live') return { kind };
  if (!script) throw new ConfigError(['MARKET_SCRIPT: a scripted feed needs its script file']);
  return { kind, script: path.resolve(script) };
}

/** MARKET_SOURCES: known exchanges, each once, at least MARKET_MIN_SOURCES of them. */
function liveConfig(list: string, rules: IndexRules): LiveConfig {
  const names = list
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  const problems: string[] = [];
  const unknown = names.filter((n) => !isLiveSource(n));
  if (unknown.length)
    problems.push(
      `MARKET_SOURCES: unknown source ${unknown.join(', ')} (known: ${LIVE_SOURCES.join(', ')})`,
    );
  if (new Set(names).size !== names.length)
    problems.push('MARKET_SOURCES: a source is listed twice');
  if (names.length === 0) problems.push('MARKET_SOURCES: name at least one source');
  else if (names.length < rules.minSources)
    problems.push(
      `MARKET_MIN_SOURCES: ${rules.minSources} needs at least as many sources, MARKET_SOURCES names ${names.length}`,
    );
  if (problems.length) throw new ConfigError(problems);
  return { sources: names.filter(isLiveSource), ...rules };
}
