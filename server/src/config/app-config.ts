import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/**
 * The only place that reads process.env. Everything else injects AppConfig.
 * Every key is listed in .env.example.
 */
export type DatabaseConfig =
  | { kind: 'sqlite'; path: string }
  | { kind: 'postgres'; url: string }
  /** MySQL 8 or MariaDB 10.11 (`mysql://` or `mariadb://`), through mysql2. */
  | { kind: 'mysql'; url: string };

export type NodeRole = 'all' | 'http' | 'worker';

export interface RateLimitRule {
  /** Requests allowed per window. 0 disables the limiter. */
  limit: number;
  windowSeconds: number;
}

export interface AppConfig {
  port: number;
  host: string;
  role: NodeRole;
  database: DatabaseConfig;
  redisUrl: string | null;
  /** Prefix for Redis keys, queues and channels so several installs can share one Redis. */
  redisPrefix: string;
  /** Secret for AES-GCM encryption of channel and token keys at rest. */
  encryptionKey: Buffer;
  /** Password of the root account created on an empty database. */
  initialRootPassword: string;
  /** Peers whose X-Forwarded-For is believed (IPs or CIDRs). Empty: socket address only. */
  trustedProxies: string[];
  globalApiRateLimit: RateLimitRule;
  globalWebRateLimit: RateLimitRule;
  criticalRateLimit: RateLimitRule;
  turnstileVerifyUrl: string;
  consoleDist: string | null;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** LOG_FORMAT: json (one object a line, the default) or pretty (pino-pretty, for a terminal). */
  logFormat: 'json' | 'pretty';
  /** Seconds given to in-flight requests and jobs on shutdown. */
  shutdownGraceSeconds: number;
  sessionDays: number;
  /** Files the server writes (CSV exports). Shared between nodes in a multi-node install. */
  dataDir: string;
  relay: RelayConfig;
  /** Holds open and untouched (no checkpoint or heartbeat) this many seconds are settled at their checkpoint by the sweeper. */
  holdSweepAfterSeconds: number;
  /** Minutes between scheduled channel jobs; 0 = off (reference §2.5). */
  channelSchedule: {
    /** CHANNEL_TEST_FREQUENCY: test every channel; when set it overrides the monitor_setting options. */
    testMinutes: number;
    /** CHANNEL_UPDATE_FREQUENCY: refresh every upstream balance. */
    balanceMinutes: number;
  };
  /** Third-party sign-in endpoints (issue 17); defaults are the providers' public addresses. */
  oauth: OAuthEndpoints;
  /** Minutes an online top-up order stays pending before the expiry job marks it expired. */
  topUpOrderTtlMinutes: number;
  /** METRICS_TOKEN: turns on GET /metrics behind `Authorization: Bearer <token>`; null: 404. */
  metricsToken: string | null;
  /** SLUICE_WORKERS: HTTP processes `npm start` runs (node:cluster); `auto` (the default) is one per core, 1 is this process alone. */
  workers: number;
  /**
   * Set by the cluster primary in the processes it forks (SLUICE_CLUSTER_INDEX, never by an
   * operator): this process's index; index 0 runs the queue processors and the once-per-install
   * timers. Null: a process on its own (SLUICE_WORKERS=1, worker.js, the test harness).
   */
  clusterIndex: number | null;
  /** SLUICE_PID_HEADER=1: every answer carries `X-Sluice-Pid` (which process served it; tests of the cluster). */
  pidHeader: boolean;
}

/** Base URLs of the OAuth providers: operator configuration (a proxy, a mirror, a test fake). */
export interface OAuthEndpoints {
  /** GitHub web (authorize page and token exchange), GITHUB_OAUTH_URL. */
  githubUrl: string;
  /** GitHub REST API (/user, /user/emails), GITHUB_API_URL. */
  githubApiUrl: string;
  /** LinuxDO Connect (authorize, token and user endpoints), LINUXDO_OAUTH_URL. */
  linuxdoUrl: string;
}

/** Relay timeouts and bounds (money rules 6, 19, 20, 21). */
export interface RelayConfig {
  /** Until the upstream's response headers (connect included); non-stream answers arrive whole. */
  headersTimeoutMs: number;
  /** Between two upstream SSE events (comments do not count) or body chunks. */
  idleTimeoutMs: number;
  /** Largest upstream SSE event (the reference's scanner buffer); past it the stream is cut. */
  maxStreamEventBytes: number;
  /** A whole relay request, every attempt included. */
  totalTimeoutMs: number;
  /** Failover stops starting new attempts after this long. */
  retryWindowMs: number;
  /** Client body cap (413 past it). */
  bodyLimitBytes: number;
  /** After a client left mid-stream: how long and how much the upstream is still read for usage. */
  drainTimeoutMs: number;
  drainMaxBytes: number;
  /** Streams drained at once on this node; past it the upstream is aborted at once. */
  maxConcurrentDrains: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

export const DEFAULT_ROOT_PASSWORD = '123456';

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const problems: string[] = [];

  const int = (key: string, dflt: number, min: number, max: number): number => {
    const raw = env[key];
    if (raw === undefined || raw === '') return dflt;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${key} must be an integer from ${min} to ${max} (got "${raw}")`);
      return dflt;
    }
    return n;
  };

  const port = int('PORT', 3000, 0, 65535);
  const host = env.HOST && env.HOST !== '' ? env.HOST : '0.0.0.0';

  const roleRaw = env.NODE_ROLE ?? 'all';
  let role: NodeRole = 'all';
  if (roleRaw === 'all' || roleRaw === 'http' || roleRaw === 'worker') role = roleRaw;
  else problems.push(`NODE_ROLE must be all, http or worker (got "${roleRaw}")`);

  let database: DatabaseConfig = { kind: 'sqlite', path: resolve(cwd, 'data', 'sluice.sqlite') };
  const dbUrl = env.DATABASE_URL;
  if (dbUrl && dbUrl !== '') {
    if (/^postgres(ql)?:\/\//.test(dbUrl)) database = { kind: 'postgres', url: dbUrl };
    else if (/^(mysql|mariadb):\/\//.test(dbUrl)) database = { kind: 'mysql', url: dbUrl.replace(/^mariadb:/, 'mysql:') };
    else if (dbUrl.startsWith('sqlite:')) {
      const p = dbUrl.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
      if (p === '') problems.push('DATABASE_URL=sqlite:<path> needs a path');
      else database = { kind: 'sqlite', path: p === ':memory:' ? p : isAbsolute(p) ? p : resolve(cwd, p) };
    } else problems.push('DATABASE_URL must start with postgres://, postgresql://, mysql://, mariadb:// or sqlite:');
  }

  const redisUrl = env.REDIS_URL && env.REDIS_URL !== '' ? env.REDIS_URL : null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) problems.push('REDIS_URL must start with redis:// or rediss://');

  let encryptionKey: Buffer;
  const secret = env.ENCRYPTION_KEY ?? env.SESSION_SECRET;
  if (secret && secret !== '') {
    if (secret.length < 16) problems.push('ENCRYPTION_KEY must be at least 16 characters');
    encryptionKey = Buffer.from(secret, 'utf8');
  } else if (database.kind === 'sqlite' && database.path !== ':memory:') {
    // The embedded default keeps a generated key beside its database file.
    encryptionKey = Buffer.from(readOrCreateSecret(join(dirname(database.path), 'sluice.secret')), 'utf8');
  } else {
    encryptionKey = Buffer.alloc(0);
  }
  if (database.kind !== 'sqlite' && encryptionKey.length === 0) {
    problems.push(`ENCRYPTION_KEY is required with ${database.kind === 'postgres' ? 'PostgreSQL' : 'MySQL'} (all nodes must share it)`);
  }
  if (encryptionKey.length === 0) encryptionKey = Buffer.from(randomSecret(), 'utf8');

  const trustedProxies = (env.TRUSTED_PROXIES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

  const rule = (prefix: string, limit: number, windowSeconds: number): RateLimitRule => ({
    limit: int(prefix, limit, 0, 1_000_000_000),
    windowSeconds: int(`${prefix}_DURATION`, windowSeconds, 1, 86_400 * 30),
  });

  const logLevelRaw = env.LOG_LEVEL ?? 'info';
  const levels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
  const logLevel = levels.find((l) => l === logLevelRaw);
  if (!logLevel) problems.push(`LOG_LEVEL must be one of ${levels.join(', ')}`);
  const logFormatRaw = env.LOG_FORMAT && env.LOG_FORMAT !== '' ? env.LOG_FORMAT : 'json';
  if (logFormatRaw !== 'json' && logFormatRaw !== 'pretty') problems.push(`LOG_FORMAT must be json or pretty (got "${logFormatRaw}")`);
  const logFormat = logFormatRaw === 'pretty' ? 'pretty' : 'json';

  const consoleDistRaw = env.CONSOLE_DIST;
  const consoleDist =
    consoleDistRaw === 'off' ? null : resolve(cwd, consoleDistRaw && consoleDistRaw !== '' ? consoleDistRaw : defaultConsoleDist(cwd));

  const turnstileVerifyUrl = env.TURNSTILE_VERIFY_URL ?? 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
  if (!/^https?:\/\//.test(turnstileVerifyUrl)) problems.push('TURNSTILE_VERIFY_URL must be an http(s) URL');

  const baseUrl = (key: string, dflt: string): string => {
    const raw = env[key];
    const v = raw === undefined || raw === '' ? dflt : raw.replace(/\/+$/, '');
    if (!/^https?:\/\/[^/\s]+/.test(v)) problems.push(`${key} must be an http(s) URL`);
    return v;
  };
  const oauth: OAuthEndpoints = {
    githubUrl: baseUrl('GITHUB_OAUTH_URL', 'https://github.com'),
    githubApiUrl: baseUrl('GITHUB_API_URL', 'https://api.github.com'),
    linuxdoUrl: baseUrl('LINUXDO_OAUTH_URL', 'https://connect.linux.do'),
  };

  const metricsToken = env.METRICS_TOKEN && env.METRICS_TOKEN !== '' ? env.METRICS_TOKEN : null;
  if (metricsToken !== null && (metricsToken.length < 16 || /\s/.test(metricsToken))) {
    problems.push('METRICS_TOKEN must be at least 16 characters without spaces');
  }

  const workersRaw = env.SLUICE_WORKERS && env.SLUICE_WORKERS !== '' ? env.SLUICE_WORKERS : 'auto';
  let workers = 1;
  if (workersRaw === 'auto') {
    // An in-memory database cannot be shared between processes.
    workers = database.kind === 'sqlite' && database.path === ':memory:' ? 1 : availableParallelism();
  } else if (/^[1-9][0-9]{0,3}$/.test(workersRaw)) {
    workers = Number(workersRaw);
    if (workers > 1 && database.kind === 'sqlite' && database.path === ':memory:') {
      problems.push('SLUICE_WORKERS must be 1 with an in-memory SQLite database (processes cannot share it)');
    }
  } else problems.push(`SLUICE_WORKERS must be a positive integer or auto (got "${workersRaw}")`);
  const indexRaw = env.SLUICE_CLUSTER_INDEX;
  const clusterIndex = indexRaw !== undefined && /^[0-9]+$/.test(indexRaw) ? Number(indexRaw) : null;
  // Processes after the first leave the queue processors to it (BullMQ workers and in-process queue alike).
  if (clusterIndex !== null && clusterIndex > 0 && role === 'all') role = 'http';

  const config: AppConfig = {
    port,
    host,
    role,
    database,
    redisUrl,
    redisPrefix: env.REDIS_PREFIX && env.REDIS_PREFIX !== '' ? env.REDIS_PREFIX : 'sluice',
    encryptionKey,
    initialRootPassword: env.INITIAL_ROOT_PASSWORD && env.INITIAL_ROOT_PASSWORD !== '' ? env.INITIAL_ROOT_PASSWORD : DEFAULT_ROOT_PASSWORD,
    trustedProxies,
    globalApiRateLimit: rule('GLOBAL_API_RATE_LIMIT', 180, 180),
    globalWebRateLimit: rule('GLOBAL_WEB_RATE_LIMIT', 60, 180),
    criticalRateLimit: rule('CRITICAL_RATE_LIMIT', 20, 1200),
    turnstileVerifyUrl,
    consoleDist,
    logLevel: logLevel ?? 'info',
    logFormat,
    shutdownGraceSeconds: int('SHUTDOWN_GRACE_SECONDS', 10, 0, 600),
    sessionDays: int('SESSION_DAYS', 30, 1, 365),
    dataDir: resolveDataDir(env.DATA_DIR, database, cwd),
    relay: {
      // o1-pro / o3-pro answers can take over 5 minutes before their headers.
      headersTimeoutMs: int('RELAY_HEADERS_TIMEOUT_MS', 600_000, 100, 3_600_000),
      // new-api's STREAMING_TIMEOUT (seconds, 300) is the default; RELAY_IDLE_TIMEOUT_MS wins when set.
      idleTimeoutMs: int('RELAY_IDLE_TIMEOUT_MS', int('STREAMING_TIMEOUT', 300, 1, 3600) * 1000, 100, 3_600_000),
      maxStreamEventBytes: int('STREAM_SCANNER_MAX_BUFFER_MB', 64, 1, 1024) * 1024 * 1024,
      // Long reasoning answers and streams run for many minutes; the sweeper leaves a running
      // request's hold alone whatever its age (the relay touches it, RelayService heartbeatMs).
      totalTimeoutMs: int('RELAY_TOTAL_TIMEOUT_MS', 1_800_000, 1000, 86_400_000),
      retryWindowMs: int('RELAY_RETRY_WINDOW_MS', 120_000, 0, 3_600_000),
      bodyLimitBytes: int('RELAY_BODY_LIMIT_BYTES', 32 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
      drainTimeoutMs: int('RELAY_DRAIN_TIMEOUT_MS', 30_000, 0, 600_000),
      drainMaxBytes: int('RELAY_DRAIN_MAX_BYTES', 8 * 1024 * 1024, 0, 1024 * 1024 * 1024),
      maxConcurrentDrains: int('RELAY_MAX_DRAINS', 256, 0, 1_000_000),
    },
    holdSweepAfterSeconds: int('HOLD_SWEEP_AFTER_SECONDS', 900, 1, 7 * 86_400),
    channelSchedule: {
      testMinutes: int('CHANNEL_TEST_FREQUENCY', 0, 0, 525_600),
      balanceMinutes: int('CHANNEL_UPDATE_FREQUENCY', 0, 0, 525_600),
    },
    oauth,
    topUpOrderTtlMinutes: int('TOPUP_ORDER_TTL_MINUTES', 120, 5, 7 * 1440),
    metricsToken,
    workers,
    clusterIndex,
    pidHeader: env.SLUICE_PID_HEADER === '1',
  };

  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  return config;
}

/** DATA_DIR, else beside the SQLite file (the embedded default), else ./data. */
function resolveDataDir(raw: string | undefined, database: DatabaseConfig, cwd: string): string {
  if (raw && raw !== '') return resolve(cwd, raw);
  if (database.kind === 'sqlite' && database.path !== ':memory:') return dirname(database.path);
  return resolve(cwd, 'data');
}

function defaultConsoleDist(cwd: string): string {
  // `npm start` runs inside server/; the console is built beside it.
  return cwd.endsWith('server') ? '../console/dist' : 'console/dist';
}

/** A random secret for tests and the first start. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

export const APP_CONFIG = Symbol('APP_CONFIG');

function readOrCreateSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomSecret();
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
