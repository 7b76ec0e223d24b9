import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { RateLimiter } from '../../rate-limit/rate-limiter.service';
import { RelayRequestError } from '../../wire/canonical/errors';
import type { MessagesInput } from '../../wire/anthropic-messages/parse';
import type { GeminiInput } from '../../wire/gemini/parse';
import type { MultipartForm } from '../../wire/canonical/request';
import { ENDPOINTS, GEMINI_EMBED_OPS, type EndpointOps } from '../pipeline/endpoints';
import { ClientExchange, RELAY_CORS_HEADERS } from '../pipeline/exchange';
import { MultipartError, multipartBoundary, parseMultipart } from './multipart';
import { anthropicMessagesFormat } from '../../wire/anthropic-messages/anthropic-messages';
import { geminiFormat } from '../../wire/gemini/gemini';
import { OPENAI_ERRORS } from '../../wire/openai-chat/index';
import { RelayAuthService } from './relay-auth.service';
import { methodsOf, recordRoutes, type RegisteredRoute } from './relay-doc';
import { GEMINI_METHODS, RELAY_PREFLIGHT_URLS, RELAY_ROUTES, type RelayRoute } from './relay-route-table';
import { RelayError, renderRelayError } from './relay-errors';
import { RelayInfoService } from './relay-info.service';
import { RelayService } from '../pipeline/relay.service';
import { ClientAbortedError, readBody } from './request-body';
import { langOf } from '../../common/messages';

const logger = new Logger('RelayRoutes');

/**
 * Registers the relay on the Fastify instance directly, in its own plugin scope: no Nest guard,
 * interceptor or body parser on the hot path. The scope's only content-type parser leaves the
 * body unread, so the relay reads it itself under its cap (413), JSON or multipart, decoding a
 * gzip, deflate or br Content-Encoding as it arrives (`readBody`: the cap applies to the decoded
 * bytes, corrupt data is a 400, another coding a 415), and every error is answered in the caller's
 * format (its inbound module renders it; Fastify's own errors in the OpenAI shape).
 */
@Injectable()
export class RelayRoutes implements OnModuleInit {
  constructor(
    private readonly host: HttpAdapterHost,
    private readonly relay: RelayService,
    private readonly auth: RelayAuthService,
    private readonly info: RelayInfoService,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const adapter = this.host.httpAdapter as { getInstance?: () => FastifyInstance } | undefined;
    const fastify = adapter?.getInstance?.();
    // The worker role has no HTTP server.
    if (!fastify) return;
    void fastify.register(async (scope) => this.routes(scope));
  }

  /** Every route this scope registered, as Fastify saw it (the route table's check). */
  readonly registered: RegisteredRoute[] = [];

  private routes(scope: FastifyInstance): void {
    recordRoutes(scope, this.registered);
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    scope.setErrorHandler((err, req, reply) => {
      const r = renderRelayError(err, langOf(req.headers['accept-language']), String(req.id));
      // Without the query: Gemini clients may carry their key in `?key=`.
      if (r.unexpected) logger.error(`relay route error on ${req.method} ${req.url.split('?')[0]}: ${(err as Error)?.stack ?? String(err)}`);
      const { status, body } = OPENAI_ERRORS.errorResponse(r.error);
      void reply.status(status).headers({ ...RELAY_CORS_HEADERS, ...r.headers }).send(body);
    });

    for (const route of RELAY_ROUTES) this.register(scope, route);

    // CORS preflight for browser clients.
    for (const path of RELAY_PREFLIGHT_URLS) {
      scope.options(path, (req, reply) => {
        const asked = req.headers['access-control-request-headers'];
        void reply
          .status(204)
          .headers({
            ...RELAY_CORS_HEADERS,
            'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
            'Access-Control-Allow-Headers': typeof asked === 'string' && asked !== '' ? asked : '*',
            'Access-Control-Max-Age': '86400',
          })
          .send();
      });
    }
  }

  /**
   * One row of RELAY_ROUTES. A relayed route is served from its own onRequest hook: the reply is
   * hijacked there, so Fastify's body parsing, validation and handler stages never run (the relay
   * reads the body itself, under its cap). Its route handler is therefore never reached.
   */
  private register(scope: FastifyInstance, route: RelayRoute): void {
    const method = [...methodsOf(route)];
    const { url, serve } = route;
    const hooked = (serveIt: (req: FastifyRequest, reply: FastifyReply) => Promise<void>) =>
      scope.route({
        method,
        url,
        onRequest: (req, reply, done) => {
          void serveIt(req, reply);
          done();
        },
        handler: unreachable,
      });
    const handled = (handler: (req: FastifyRequest, reply: FastifyReply) => Promise<void>) => scope.route({ method, url, handler });
    const rest = (req: FastifyRequest): string => decodeURIComponent((req.params as { '*': string })['*']);
    switch (serve.kind) {
      case 'relay': {
        const ops = ENDPOINTS[serve.endpoint];
        const pathModel = serve.pathModel ? (req: FastifyRequest) => (req.params as { model?: string }).model : undefined;
        hooked((req, reply) => this.relayed(req, reply, ops, pathModel?.(req)));
        return;
      }
      case 'count_tokens':
        hooked((req, reply) => this.countTokens(req, reply));
        return;
      case 'gemini':
        hooked((req, reply) => this.gemini(req, reply));
        return;
      case 'gemini_list':
        handled((req, reply) => this.geminiAnswer(req, reply, async (caller) => this.info.geminiList(caller)));
        return;
      case 'gemini_model':
        handled((req, reply) => this.geminiAnswer(req, reply, async (caller) => this.info.geminiModel(caller, rest(req))));
        return;
      case 'models':
        handled((req, reply) =>
          // Gemini clients (x-goog-api-key or ?key=, reference §1.1): Gemini's list shape and errors.
          isGeminiCall(req) ? this.geminiAnswer(req, reply, async (caller) => this.info.geminiList(caller)) : this.answer(req, reply, async (caller) =>
            // Claude clients send anthropic-version (with x-api-key, or a Bearer key as the current SDK
            // does; reference §1.1 names x-api-key): Anthropic's shape for them. OpenAI clients never send it.
            req.headers['anthropic-version'] !== undefined ? this.info.anthropicList(caller) : this.info.list(caller),
          ),
        );
        return;
      case 'model':
        handled((req, reply) => this.answer(req, reply, async (caller) => this.info.model(caller, rest(req))));
        return;
      case 'subscription':
        handled((req, reply) => this.answer(req, reply, (c) => this.info.subscription(c), true));
        return;
      case 'usage':
        handled((req, reply) => this.answer(req, reply, (c) => this.info.usage(c), true));
        return;
      case 'not_implemented':
        handled((req, reply) => this.answer(req, reply, async () => Promise.reject(notImplementedError())));
        return;
    }
  }

  /** A relayed call: admit, read the body under its cap, then hand over to the relay service. Hijacks at once. */
  private async relayed(req: FastifyRequest, reply: FastifyReply, ops: EndpointOps, pathModel?: string): Promise<void> {
    const x = new ClientExchange(req, reply);
    x.errors = ops.errors;
    let input: unknown;
    try {
      const caller = await this.auth.authenticate(req);
      input = await this.readInput(req, ops);
      if (ops.endpoint === 'messages') input = messagesInput(req, input);
      const served = this.relay.serve(x, ops, caller, input, pathModel);
      // The relay lets the request go at a stream's first byte; this frame, as long as the stream, keeps none of it.
      input = undefined;
      await served;
    } catch (err) {
      // A client that hung up while sending its body needs no answer (and is no server error).
      if (err instanceof ClientAbortedError) x.end();
      else x.sendError(err);
    }
  }

  /** `POST /v1/messages/count_tokens`: admitted like a relayed call, free, Anthropic error shape. */
  private async countTokens(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const x = new ClientExchange(req, reply);
    x.errors = anthropicMessagesFormat;
    try {
      const caller = await this.auth.authenticate(req);
      const input = messagesInput(req, await this.readInput(req, ENDPOINTS.messages));
      await this.relay.countTokens(x, caller, input);
    } catch (err) {
      if (err instanceof ClientAbortedError) x.end();
      else x.sendError(err);
    }
  }

  /**
   * `POST /v1beta/models/{model}:{method}`: the key from `x-goog-api-key` or `?key=` too, errors
   * in Google's shape. generateContent and streamGenerateContent (`alt=sse`: SSE, else a JSON
   * array) are relayed; countTokens is free.
   */
  private async gemini(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const x = new ClientExchange(req, reply);
    x.errors = geminiFormat;
    try {
      const caller = await this.auth.authenticate(req, { gemini: true });
      const path = decodeURIComponent((req.params as { '*': string })['*']);
      const colon = path.lastIndexOf(':');
      const model = colon > 0 ? path.slice(0, colon) : '';
      const method = colon > 0 ? path.slice(colon + 1) : '';
      const alt = (req.query as { alt?: unknown } | undefined)?.alt;
      if (model === '' || !GEMINI_METHOD_SET.has(method)) throw new RelayError('not_found', 'common.not_found', 404);
      let body: unknown = await this.readInput(req, ENDPOINTS.gemini);
      if (method === 'countTokens') {
        await this.relay.geminiCountTokens(x, caller, body, model);
        return;
      }
      if (method === 'embedContent' || method === 'batchEmbedContents') {
        await this.relay.serve(x, GEMINI_EMBED_OPS[method], caller, body, model);
        return;
      }
      const stream = method === 'streamGenerateContent';
      const served = this.relay.serve(x, ENDPOINTS.gemini, caller, { body, stream, sse: stream && alt === 'sse' } satisfies GeminiInput, model);
      // As in relayed: the stream's frames keep none of the request.
      body = undefined;
      await served;
    } catch (err) {
      if (err instanceof ClientAbortedError) x.end();
      else x.sendError(err);
    }
  }

  /** Token-authenticated JSON answers on Gemini paths (model list), errors in Google's shape. */
  private async geminiAnswer(req: FastifyRequest, reply: FastifyReply, fn: (caller: Awaited<ReturnType<RelayAuthService['authenticate']>>) => Promise<unknown>): Promise<void> {
    const x = new ClientExchange(req, reply);
    x.errors = geminiFormat;
    try {
      x.sendJson(200, await fn(await this.auth.authenticate(req, { gemini: true })));
    } catch (err) {
      x.sendError(err);
    }
  }

  /** Token-authenticated JSON answers (models, dashboard billing, 501s). */
  private async answer(req: FastifyRequest, reply: FastifyReply, fn: (caller: Awaited<ReturnType<RelayAuthService['authenticate']>>) => Promise<unknown>, dashboard = false): Promise<void> {
    const x = new ClientExchange(req, reply);
    try {
      if (dashboard) {
        // The legacy billing routes sit under the global API limiter like /api.
        const d = await this.limiter.hit('api', req.ip, this.config.globalApiRateLimit);
        if (!d.allowed) throw RelayError.rateLimited('common.too_many_requests', d.retryAfter);
      }
      const caller = await this.auth.authenticate(req, { fresh: dashboard });
      x.sendJson(200, await fn(caller));
    } catch (err) {
      x.sendError(err);
    }
  }

  private async readInput(req: FastifyRequest, ops: EndpointOps): Promise<unknown> {
    const limit = this.config.relay.bodyLimitBytes;
    if (ops.body === 'multipart') {
      const boundary = multipartBoundary(req.headers['content-type']);
      if (!boundary) throw new RelayError('invalid_request_body', 'relay.multipart_required', 400);
      const body = await readBody(req.raw, limit);
      try {
        return parseMultipart(body, boundary) satisfies MultipartForm;
      } catch (err) {
        if (err instanceof MultipartError) throw new RelayError('invalid_request_body', 'relay.invalid_multipart', 400);
        throw err;
      }
    }
    const body = await readBody(req.raw, limit);
    if (body.length === 0) throw new RelayRequestError('invalid_request_body', 'relay.invalid_body', null);
    try {
      return JSON.parse(body.toString('utf8')) as unknown;
    } catch {
      throw new RelayError('invalid_request_body', 'relay.invalid_json', 400);
    }
  }
}

function isGeminiCall(req: FastifyRequest): boolean {
  const key = (req.query as { key?: unknown } | undefined)?.key;
  return req.headers['x-goog-api-key'] !== undefined || (typeof key === 'string' && key !== '');
}

/** The Gemini methods the gateway serves on `/v1beta/models/{model}:{method}`. */
const GEMINI_METHOD_SET: ReadonlySet<string> = new Set(GEMINI_METHODS);

function unreachable(): never {
  throw new Error('relay routes answer from their onRequest hook');
}

function notImplementedError(): RelayError {
  return new RelayError('api_not_implemented', 'relay.not_implemented', 501, {}, {}, 'new_api_error');
}

/** A `/v1/messages` body with the Anthropic headers a Claude channel receives too (bounded). */
function messagesInput(req: FastifyRequest, body: unknown): MessagesInput {
  const header = (name: string): string | null => {
    const v = req.headers[name];
    const s = Array.isArray(v) ? v.join(',') : v;
    return typeof s === 'string' && s !== '' && s.length <= 512 && /^[\x20-\x7e]+$/.test(s) ? s : null;
  };
  return { body, anthropicVersion: header('anthropic-version'), anthropicBeta: header('anthropic-beta') };
}
