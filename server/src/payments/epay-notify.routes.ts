import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PaymentsService } from './payments.service';

const logger = new Logger('EpayNotify');

/** A notify is a dozen short fields; anything larger is refused before it is read (money rule 8). */
export const NOTIFY_BODY_LIMIT = 8 * 1024;
const MAX_FIELDS = 32;

/**
 * `GET|POST /api/user/epay/notify`, the payment gateway's server-to-server callback, registered on
 * Fastify in its own scope: its own small body cap, the form read as text and parsed here, and
 * every answer, errors included, the plain text epay expects (`success` or `fail`).
 */
@Injectable()
export class EpayNotifyRoutes implements OnModuleInit {
  constructor(
    private readonly host: HttpAdapterHost,
    private readonly payments: PaymentsService,
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
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((err, req, reply) => {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === undefined || status >= 500) logger.error(`notify route error on ${req.method}: ${(err as Error).name}`);
      void reply.status(status === 413 ? 413 : 400).type('text/plain; charset=utf-8').send('fail');
    });
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const raw = req.method === 'GET' ? (req.url.split('?')[1] ?? '') : typeof req.body === 'string' ? req.body : '';
      const params = parseForm(raw);
      const answer = params ? await this.payments.notify(params) : 'fail';
      void reply.status(200).type('text/plain; charset=utf-8').send(answer);
    };
    scope.route({ method: ['GET', 'POST'], url: '/api/user/epay/notify', bodyLimit: NOTIFY_BODY_LIMIT, handler });
  }
}

/** A query string or urlencoded form: one value per name, a bounded number of names. */
export function parseForm(raw: string): Record<string, string> | null {
  if (raw.length > NOTIFY_BODY_LIMIT) return null;
  const out: Record<string, string> = {};
  let n = 0;
  for (const [k, v] of new URLSearchParams(raw)) {
    if (++n > MAX_FIELDS || k in out) return null;
    out[k] = v;
  }
  return out;
}
