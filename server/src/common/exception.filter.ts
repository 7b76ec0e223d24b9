import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { pathOnly } from './logging/logger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from './domain-error';
import { langOf, t, type Lang, type MessageKey } from './messages';

/** The wire format an error is answered in, chosen by the route family. */
export type ErrorFormat = 'envelope' | 'openai';

export function errorFormatFor(path: string): ErrorFormat {
  return /^\/(v1|pg|dashboard)(\/|$)/.test(path) ? 'openai' : 'envelope';
}

const STATUS_KEYS: Record<number, MessageKey> = {
  400: 'common.bad_request',
  404: 'common.not_found',
  405: 'common.method_not_allowed',
  429: 'common.too_many_requests',
};

/**
 * One global filter: domain errors carry a code and a catalogue key; Nest and Fastify errors are
 * mapped by status; anything else is a 500 without details (logged with the request id).
 */
@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();
    const lang = langOf(req.headers['accept-language']);
    const { status, code, message, headers } = this.describe(exception, lang, req);
    if (reply.sent) return;
    for (const [k, v] of Object.entries(headers)) void reply.header(k, v);
    const path = req.url.split('?')[0] ?? '';
    if (errorFormatFor(path) === 'openai') {
      void reply.status(status).send({
        error: { message: `${message} (request id: ${req.id})`, type: errorType(status), param: null, code },
      });
      return;
    }
    void reply.status(status).send({ success: false, message });
  }

  private describe(
    exception: unknown,
    lang: Lang,
    req: FastifyRequest,
  ): { status: number; code: string; message: string; headers: Record<string, string> } {
    if (exception instanceof DomainError) {
      const message = exception.text ?? (exception.messageKey ? t(exception.messageKey, lang, exception.params) : exception.code);
      return { status: exception.status, code: exception.code, message, headers: exception.headers };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const key = STATUS_KEYS[status];
      const message = key ? t(key, lang) : exception.message;
      return { status, code: `http_${status}`, message, headers: {} };
    }
    const fst = exception as { statusCode?: number; code?: string; message?: string };
    if (typeof fst.statusCode === 'number' && fst.statusCode >= 400 && fst.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, bad content type).
      const key = STATUS_KEYS[fst.statusCode];
      const message = fst.statusCode === 413 ? 'request body too large' : key ? t(key, lang) : t('common.bad_request', lang);
      return { status: fst.statusCode, code: (fst.code ?? `http_${fst.statusCode}`).toLowerCase(), message, headers: {} };
    }
    this.logger.error(`unhandled error on ${req.method} ${pathOnly(req.url)} (request ${req.id}): ${(exception as Error)?.stack ?? String(exception)}`);
    return { status: 500, code: 'internal_error', message: t('common.internal', lang), headers: {} };
  }
}

function errorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}
