import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../common/domain-error';
import { langOf } from '../common/messages';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RelayAuthService, type RelayCaller } from '../relay/edge/relay-auth.service';
import { renderRelayError } from '../relay/edge/relay-errors';
import { methodsOf, recordRoutes, type RegisteredRoute } from '../relay/edge/relay-doc';
import { MJ_ROUTES, SUNO_ROUTES, type TaskRoute } from './task-route-table';
import { MjImageProxy } from './mj/mj-image-proxy';
import { MjRelayService } from './mj/mj-relay.service';
import { SunoRelayService } from './suno/suno-relay.service';
import { MjError, SunoError } from './task-errors';

const logger = new Logger('TaskRoutes');
const CORS = { 'Access-Control-Allow-Origin': '*' };

type Shape = 'mj' | 'suno';

/**
 * Any error as status, code and message (with the request id), in the caller's language and
 * without internals: the relay's own renderer (`renderRelayError`), plus Fastify's own refusals
 * of this scope's bodies. Each task shape wraps the result in its wire format.
 */
function describe(err: unknown, req: FastifyRequest): { status: number; message: string; code: string; headers: Record<string, string>; unexpected: boolean } {
  const requestId = String(req.id);
  const e = err as { statusCode?: unknown };
  if (!(err instanceof DomainError) && typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    // Fastify's own refusals: body too large, unreadable JSON.
    const message = e.statusCode === 413 ? 'request body too large' : 'invalid request body';
    return { status: e.statusCode, message: `${message} (request id: ${requestId})`, code: e.statusCode === 413 ? 'request_body_too_large' : 'invalid_request', headers: {}, unexpected: false };
  }
  const r = renderRelayError(err, langOf(req.headers['accept-language']), requestId);
  return { status: r.error.status, message: r.error.message, code: r.error.code ?? 'upstream_error', headers: r.headers, unexpected: r.unexpected };
}

/**
 * Midjourney clients send the gateway key as `mj-api-secret` (with no Authorization, or the
 * placeholder `midjourney-proxy`): reference §1.2 step 4. Only this scope's requests are touched.
 */
function adoptMjSecret(req: FastifyRequest): void {
  const auth = typeof req.headers.authorization === 'string' ? req.headers.authorization.trim() : '';
  const bare = auth.replace(/^bearer\s*/i, '').trim();
  const secret = req.headers['mj-api-secret'];
  const value = (Array.isArray(secret) ? secret[0] : secret)?.trim() ?? '';
  if ((bare === '' || bare === 'midjourney-proxy') && value !== '') req.headers.authorization = `Bearer ${value}`;
}

/**
 * The task relays, registered on Fastify like the OpenAI relay (RelayRoutes): `/mj` and
 * `/<mode>/mj` (Midjourney, midjourney-proxy's shapes) and `/suno` (Suno-API's task shapes).
 * Tokens are admitted by the relay's own RelayAuthService; bodies are JSON under the relay's cap.
 */
@Injectable()
export class TaskRoutes implements OnModuleInit {
  constructor(
    private readonly host: HttpAdapterHost,
    private readonly auth: RelayAuthService,
    private readonly mj: MjRelayService,
    private readonly images: MjImageProxy,
    private readonly suno: SunoRelayService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const adapter = this.host.httpAdapter as { getInstance?: () => FastifyInstance } | undefined;
    const fastify = adapter?.getInstance?.();
    if (!fastify) return;
    void fastify.register(async (scope) => this.mjRoutes(scope));
    void fastify.register(async (scope) => this.sunoRoutes(scope));
  }

  private jsonScope(scope: FastifyInstance, shape: Shape): void {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: this.config.relay.bodyLimitBytes }, (_req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(shape === 'mj' ? new MjError(4, 'the request body is not valid JSON', 400) : new SunoError('invalid_request', 'the request body is not valid JSON', 400), undefined);
      }
    });
    scope.setErrorHandler((err, req, reply) => this.sendError(shape, err, req, reply));
  }

  private sendError(shape: Shape, err: unknown, req: FastifyRequest, reply: FastifyReply): void {
    const d = describe(err, req);
    if (d.unexpected) logger.error(`task route error on ${req.method} ${req.url.split('?')[0]}: ${(err as Error)?.stack ?? String(err)}`);
    const body =
      shape === 'mj'
        ? { code: err instanceof MjError ? err.mjCode : 4, description: d.message, type: d.code, result: null }
        : { code: d.code, message: d.message, data: null };
    void reply.status(d.status).headers({ ...CORS, ...d.headers }).send(body);
  }

  /** Admits the token, then runs `fn`; errors go to the scope's handler. */
  private admitted(shape: Shape, fn: (caller: RelayCaller, req: FastifyRequest) => Promise<{ status: number; body: unknown }>) {
    return async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      if (shape === 'mj') adoptMjSecret(req);
      const caller = await this.auth.authenticate(req);
      const answer = await fn(caller, req);
      return reply.status(answer.status).headers(CORS).send(answer.body);
    };
  }

  /** Every route the task scopes registered, as Fastify saw it (the route tables' check). */
  readonly registered: RegisteredRoute[] = [];

  private mjRoutes(scope: FastifyInstance): void {
    recordRoutes(scope, this.registered);
    this.jsonScope(scope, 'mj');
    for (const route of MJ_ROUTES) this.register(scope, route);
  }

  private sunoRoutes(scope: FastifyInstance): void {
    recordRoutes(scope, this.registered);
    this.jsonScope(scope, 'suno');
    for (const route of SUNO_ROUTES) this.register(scope, route);
  }

  /** One row of MJ_ROUTES or SUNO_ROUTES. */
  private register(scope: FastifyInstance, route: TaskRoute): void {
    const method = [...methodsOf(route)];
    const url = route.url;
    const id = (req: FastifyRequest): string => String((req.params as { id?: string }).id ?? '').slice(0, 191);
    const add = (handler: (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) => scope.route({ method, url, handler });
    const serve = route.serve;
    switch (serve.kind) {
      case 'mj_submit':
        add(this.admitted('mj', (caller, req) => this.mj.submit(caller, serve.route, req.body)));
        return;
      case 'mj_fetch':
        add(this.admitted('mj', async (caller, req) => ({ status: 200, body: await this.mj.fetch(caller, id(req)) })));
        return;
      case 'mj_image_seed':
        add(this.admitted('mj', (caller, req) => this.mj.imageSeed(caller, id(req))));
        return;
      case 'mj_list':
        add(this.admitted('mj', async (caller, req) => ({ status: 200, body: await this.mj.list(caller, req.body) })));
        return;
      case 'mj_image':
        // Public: image tags in the console and in clients carry no key.
        add(async (req, reply) => {
          await this.images.serve(id(req), reply);
          return reply;
        });
        return;
      case 'suno_submit':
        add(this.admitted('suno', (caller, req) => this.suno.submit(caller, String((req.params as { action?: string }).action ?? ''), req.body)));
        return;
      case 'suno_fetch_many':
        add(this.admitted('suno', async (caller, req) => ({ status: 200, body: await this.suno.fetchMany(caller, req.body) })));
        return;
      case 'suno_fetch_one':
        add(this.admitted('suno', async (caller, req) => ({ status: 200, body: await this.suno.fetchOne(caller, String((req.params as { id?: string }).id ?? '')) })));
        return;
    }
  }
}
