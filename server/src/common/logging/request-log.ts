import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { pathOnly } from './logger';

/**
 * One line per HTTP request: request id (the one sent as X-Request-Id), method, path without query,
 * status and duration. Hooked on the raw response's 'close' so replies written outside Fastify
 * (the relay hijacks its reply) are logged too; 'close' follows 'finish', and a close without
 * finish is a client that left. Nothing is attached when info lines are off.
 */
export function attachRequestLog(log: Logger, id: string, method: string, url: string, res: ServerResponse): void {
  if (!log.isLevelEnabled('info')) return;
  const start = performance.now();
  res.once('close', () => {
    const line = {
      reqId: id,
      method,
      path: pathOnly(url),
      status: res.statusCode,
      ms: Math.round((performance.now() - start) * 10) / 10,
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    log.info(line, 'request');
  });
}
