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
import { RelayError, renderRelayError } from './relay-errors';
import { RelayInfoService } from './relay-info.service';
import { RelayService } from '../pipeline/relay.service';
import { ClientAbortedError, readBody } from './request-body';
import { langOf } from '../../common/messages';

const logger = new Logger('RelayRoutes');

/** Methods of the 501 routes (HEAD follows GET; OPTIONS stays the CORS preflight). */
const ALL_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

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

  private routes(scope: FastifyInstance): void {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    scope.setErrorHandler((err, req, reply) => {
      const r = renderRelayError(err, langOf(req.headers['accept-language']), String(req.id));
      // Without the query: Gemini clients may carry their key in `?key=`.
      if (r.unexpected) logger.error(`relay route error on ${req.method} ${req.url.split('?')[0]}: ${(err as Error)?.stack ?? String(err)}`);
      const { status, body } = OPENAI_ERRORS.errorResponse(r.error);
      void reply.status(status).headers({ ...RELAY_CORS_HEADERS, ...r.headers }).send(body);
    });

    /**
     * A relayed route is served from its own onRequest hook: the reply is hijacked there, so
     * Fastify's body parsing, validation and handler stages never run (the relay reads the body
     * itself, under its cap). The route handler is therefore never reached.
     */
    const relay = (url: string, ops: EndpointOps, pathModel?: (req: FastifyRequest) => string | undefined) =>
      scope.route({
        method: 'POST',
        url,
        onRequest: (req, reply, done) => {
          void this.relayed(req, reply, ops, pathModel?.(req));
          done();
        },
        handler: unreachable,
      });
    const R = ENDPOINTS;
    relay('/v1/chat/completions', R.chat);
    relay('/v1/completions', R.completion);
    relay('/v1/embeddings', R.embedding);
    relay('/v1/engines/:model/embeddings', R.embedding, (req) => (req.params as { model?: string }).model);
    relay('/v1/moderations', R.moderation);
    relay('/v1/images/generations', R.image_generation);
    relay('/v1/images/edits', R.image_edit);
    relay('/v1/audio/speech', R.audio_speech);
    relay('/v1/audio/transcriptions', R.audio_transcription);
    relay('/v1/audio/translations', R.audio_translation);
    relay('/v1/rerank', R.rerank);
    relay('/v1/responses', R.responses);
    relay('/v1/messages', R.messages);
    scope.route({
      method: 'POST',
      url: '/v1/messages/count_tokens',
      onRequest: (req, reply, done) => {
        void this.countTokens(req, reply);
        done();
      },
      handler: unreachable,
    });

    // Gemini-native inbound: `/v1beta/models/{model}:{method}` (the model may contain "/"), and
    // `/v1/models/...` for clients set to Google's v1 API (reference §1.1).
    for (const url of ['/v1beta/models/*', '/v1/models/*']) {
      scope.route({
        method: 'POST',
        url,
        onRequest: (req, reply, done) => {
          void this.gemini(req, reply);
          done();
        },
        handler: unreachable,
      });
    }
    scope.get('/v1beta/models', (req, reply) => this.geminiAnswer(req, reply, async (caller) => this.info.geminiList(caller)));
    scope.get('/v1beta/models/*', (req, reply) =>
      this.geminiAnswer(req, reply, async (caller) => this.info.geminiModel(caller, decodeURIComponent((req.params as { '*': string })['*']))),
    );

    scope.get('/v1/models', (req, reply) =>
      // Gemini clients (x-goog-api-key or ?key=, reference §1.1): Gemini's list shape and errors.
      isGeminiCall(req) ? this.geminiAnswer(req, reply, async (caller) => this.info.geminiList(caller)) : this.answer(req, reply, async (caller) =>
        // Claude clients send anthropic-version (with x-api-key, or a Bearer key as the current SDK
        // does; reference §1.1 names x-api-key): Anthropic's shape for them. OpenAI clients never send it.
        req.headers['anthropic-version'] !== undefined ? this.info.anthropicList(caller) : this.info.list(caller),
      ),
    );
    // Model names may contain "/" (vendor/model): the rest of the path is the id.
    scope.get('/v1/models/*', (req, reply) =>
      this.answer(req, reply, async (caller) => this.info.model(caller, decodeURIComponent((req.params as { '*': string })['*']))),
    );
    for (const prefix of ['', '/v1']) {
      scope.get(`${prefix}/dashboard/billing/subscription`, (req, reply) => this.answer(req, reply, (c) => this.info.subscription(c), true));
      scope.get(`${prefix}/dashboard/billing/usage`, (req, reply) => this.answer(req, reply, (c) => this.info.usage(c), true));
    }

    const notImplemented = (req: FastifyRequest, reply: FastifyReply) => this.answer(req, reply, async () => Promise.reject(notImplementedError()));
    for (const path of ['/v1/files', '/v1/files/*', '/v1/fine-tunes', '/v1/fine-tunes/*', '/v1/fine_tuning', '/v1/fine_tuning/*', '/v1/images/variations']) {
      scope.route({ method: [...ALL_METHODS], url: path, handler: notImplemented });
    }
    scope.delete('/v1/models/*', notImplemented);

    // CORS preflight for browser clients.
    for (const path of ['/v1/*', '/v1beta/*', '/dashboard/*']) {
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

  /** A relayed call: admit, read the body under its cap, then hand over to the relay service. Hijacks at once. */
  private async relayed(req: FastifyRequest, reply: FastifyReply, ops: EndpointOps, pathModel?: string): Promise<void> {
    const x = new ClientExchange(req, reply);
    x.errors = ops.errors;
    let input: unknown;
    try {
      const caller = await this.auth.authenticate(req);
      input = await this.readInput(req, ops);
      if (ops.endpoint === 'messages') input = messagesInput(req, input);
      await this.relay.serve(x, ops, caller, input, pathModel);
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
      if (model === '' || !GEMINI_METHODS.has(method)) throw new RelayError('not_found', 'common.not_found', 404);
      const body = await this.readInput(req, ENDPOINTS.gemini);
      if (method === 'countTokens') {
        await this.relay.geminiCountTokens(x, caller, body, model);
        return;
      }
      if (method === 'embedContent' || method === 'batchEmbedContents') {
        await this.relay.serve(x, GEMINI_EMBED_OPS[method], caller, body, model);
        return;
      }
      const stream = method === 'streamGenerateContent';
      const input: GeminiInput = { body, stream, sse: stream && alt === 'sse' };
      await this.relay.serve(x, ENDPOINTS.gemini, caller, input, model);
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
const GEMINI_METHODS = new Set(['generateContent', 'streamGenerateContent', 'countTokens', 'embedContent', 'batchEmbedContents']);

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
