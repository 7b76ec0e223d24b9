import 'reflect-metadata';
import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync } from 'node:fs';
import type { INestApplicationContext } from '@nestjs/common';
import type { AppConfig } from './config/app-config';
import { AppModule } from './app.module';
import { createRootLogger, nestLogger } from './common/logging/logger';
import { RequestError } from './common/domain-error';
import { attachRequestLog } from './common/logging/request-log';
import { newRequestId } from './common/request-id';
import { WorkerModule } from './worker.module';

/** Body limit for management calls; the relay routes set their own. */
const API_BODY_LIMIT = 2 * 1024 * 1024;

/** Builds the HTTP application (relay + management API + console). Does not listen. */
export async function createHttpApp(config: AppConfig): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    logger: false,
    genReqId: () => newRequestId(),
    requestIdHeader: false,
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: API_BODY_LIMIT,
    return503OnClosing: true,
    // The console calls both /api/user/ and /api/user; the reference routes ignore the slash.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  });
  const log = createRootLogger(config.logLevel, config.logFormat);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: nestLogger(log),
    bufferLogs: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // A callback hook, not an async one: nothing here waits, and Fastify then runs the next hook at
  // once instead of through a promise per request (a throw still reaches the error handler).
  fastify.addHook('onRequest', (req, reply, done) => {
    // The same id under new-api/one-api's name too, for scripts written against them.
    void reply.header('X-Request-Id', req.id).header('X-Oneapi-Request-Id', req.id);
    if (config.pidHeader) void reply.header('X-Sluice-Pid', String(process.pid));
    // Registered before the relay's routes, so their hijacked replies get their line too.
    attachRequestLog(log, req.id, req.method, req.url, reply.raw);
    done();
  });
  if (config.consoleDist && existsSync(config.consoleDist)) {
    // Files are registered one route each (no wildcard) so the SPA fallback controller owns '*'.
    // Hashed build files (/assets/*) never change: cached for a year, so a lazily loaded console
    // fetches each chunk once. They are not page loads: the web limiter counts only the SPA fallback.
    await app.register(fastifyStatic as never, {
      root: config.consoleDist,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (res: { setHeader(name: string, value: string): void }, path: string) => {
        res.setHeader('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  await app.init();
  // A JSON content type with an empty body (what common clients send with DELETE) is no body,
  // not a 400; anything else goes through Fastify's own parser (prototype poisoning refused).
  // Replaces the parser Nest registers during init.
  const json = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    // A body that is not JSON is refused with its own code (Nest would turn Fastify's error into a bare 400).
    json(req, typeof body === 'string' ? body : body.toString('utf8'), (err, value) => done(err ? RequestError.of('common.invalid_json') : null, value));
  });
  return app;
}

export async function startHttp(config: AppConfig): Promise<NestFastifyApplication> {
  const app = await createHttpApp(config);
  await app.listen(config.port, config.host);
  return app;
}

/** The worker role: processors only, no HTTP listener. */
export async function startWorker(config: AppConfig): Promise<INestApplicationContext> {
  const ctx = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    logger: nestLogger(createRootLogger(config.logLevel, config.logFormat)),
  });
  await ctx.init();
  return ctx;
}

/**
 * Graceful shutdown on SIGTERM/SIGINT: stop accepting, let in-flight requests and jobs finish
 * (Nest shutdown hooks close the server, queues, Redis and the database), exit 0; exit 1 if that
 * takes longer than the grace period.
 */
export function installShutdown(app: INestApplicationContext, graceSeconds: number): void {
  let closing = false;
  const stop = (): void => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(1), graceSeconds * 1000).unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
