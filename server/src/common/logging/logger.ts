import { PinoLogger, Logger as NestPinoLogger } from 'nestjs-pino';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';

export type LogFormat = 'json' | 'pretty';
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/**
 * Every path where a secret could sit in a logged object. Serializers below already allowlist what
 * a request, a response or an error carries; these paths are the second fence for objects passed
 * by hand (`logger.info({ headers }, ...)`), so a header or field of these names never prints.
 */
export const REDACT_PATHS = [
  'authorization',
  'cookie',
  'password',
  'key',
  'token',
  'access_token',
  'secret',
  'session',
  '*.authorization',
  '*.cookie',
  '*.password',
  '*.key',
  '*.token',
  '*.access_token',
  '*.secret',
  '*.session',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  '*.headers["x-api-key"]',
  '*.headers["x-goog-api-key"]',
  '*.headers["mj-api-secret"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'headers["x-api-key"]',
  'headers["x-goog-api-key"]',
];

interface RequestLike {
  id?: unknown;
  method?: unknown;
  url?: unknown;
}

/** The path of a URL without its query (a query may carry `?key=`, OAuth codes or states). */
export function pathOnly(url: unknown): string {
  if (typeof url !== 'string') return '';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** Options of the root logger: level names, ISO time, allowlisting serializers, redaction. */
export function loggerOptions(level: LogLevel): LoggerOptions {
  return {
    level,
    base: undefined,
    messageKey: 'msg',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // A request is its id, method and path: never headers, query or body.
      req: (req: RequestLike) => ({ id: req.id, method: req.method, path: pathOnly(req.url) }),
      res: (res: { statusCode?: unknown }) => ({ status: res.statusCode }),
      err: (err: unknown) => (err instanceof Error ? { type: err.name, message: err.message, stack: err.stack } : { message: String(err) }),
      headers: () => '[omitted]',
      body: () => '[omitted]',
    },
  };
}

/** The process's root logger: JSON lines on stdout, or pino-pretty lines for a person at a terminal. */
export function createRootLogger(level: LogLevel, format: LogFormat, dest?: DestinationStream): Logger {
  const options = loggerOptions(level);
  if (format === 'pretty') {
    return pino(options, pretty({ destination: dest ?? 1, sync: true, colorize: process.stdout.isTTY === true, translateTime: 'SYS:HH:MM:ss.l' }));
  }
  return pino(options, dest ?? pino.destination({ dest: 1, sync: true }));
}

/** nestjs-pino's PinoLogger bound to one root logger (not its process-wide first-come instance). */
class RootPinoLogger extends PinoLogger {
  constructor(private readonly root: Logger) {
    super({ pinoHttp: { logger: root } });
  }
  override get logger(): Logger {
    return this.root;
  }
}

/** The Nest LoggerService (`new Logger('Ctx').log(...)` everywhere) writing through the root logger. */
export function nestLogger(root: Logger): NestPinoLogger {
  return new NestPinoLogger(new RootPinoLogger(root), {});
}
