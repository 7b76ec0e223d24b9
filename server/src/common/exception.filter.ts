import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { pathOnly } from './logging/logger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, DomainError } from './domain-error';
import { isErrorCode, type ErrorCode } from './error-codes';
import type { ErrorEnvelope } from './envelope';
import { langOf, t, type Lang } from './messages';

/** The wire format an error is answered in, chosen by the route family. */
export type ErrorFormat = 'envelope' | 'openai';

export function errorFormatFor(path: string): ErrorFormat {
  return /^\/(v1|pg|dashboard)(\/|$)/.test(path) ? 'openai' : 'envelope';
}

/** A refusal described once, then written in either format. */
interface Described {
  status: number;
  /** The registered code (the envelope's `code`). */
  code: ErrorCode;
  /** The code the OpenAI format has always carried (relay-style names for non-API errors). */
  wireCode: string;
  message: string;
  field?: string;
  headers: Record<string, string>;
}

/** Errors that are not ApiErrors get the registered code of their status. */
const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'common.bad_request',
  401: 'auth.not_logged_in',
  403: 'auth.forbidden',
  404: 'common.not_found',
  405: 'common.method_not_allowed',
  413: 'common.body_too_large',
  415: 'common.unsupported_media_type',
  429: 'common.too_many_requests',
};

function statusCode(status: number): ErrorCode {
  return STATUS_CODES[status] ?? (status >= 500 ? 'common.internal' : 'common.bad_request');
}

/**
 * The management API's one error renderer: `{success: false, message, code}` plus `field` when an
 * input field is at fault. `code` is always one of ERROR_CODES.
 */
export function renderEnvelope(d: Pick<Described, 'message' | 'code' | 'field'>): ErrorEnvelope {
  return d.field === undefined ? { success: false, message: d.message, code: d.code } : { success: false, message: d.message, code: d.code, field: d.field };
}

/**
 * Reads any thrown value as a refusal: ApiErrors carry their code and message key; other domain
 * errors, Nest and Fastify errors are coded by status (a body that is not JSON is refused by the
 * parser in bootstrap.ts as an ApiError); anything else is null: a 500 without details.
 */
export function describeError(exception: unknown, lang: Lang): Described | null {
  if (exception instanceof DomainError) {
    const message = exception.text ?? (exception.messageKey ? t(exception.messageKey, lang, exception.params) : exception.code);
    const code = exception instanceof ApiError ? exception.code : isErrorCode(exception.code) ? exception.code : statusCode(exception.status);
    const field = exception instanceof ApiError ? exception.field : undefined;
    return { status: exception.status, code, wireCode: exception.code, message, field, headers: exception.headers };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const code = statusCode(status);
    const message = STATUS_CODES[status] ? t(code, lang) : exception.message;
    return { status, code, wireCode: `http_${status}`, message, headers: {} };
  }
  const fst = exception as { statusCode?: number; code?: string; message?: string };
  if (typeof fst.statusCode === 'number' && fst.statusCode >= 400 && fst.statusCode < 500) {
    // Fastify's own client errors (Nest hands most of them over as HttpExceptions).
    const code = statusCode(fst.statusCode);
    return { status: fst.statusCode, code, wireCode: (fst.code ?? `http_${fst.statusCode}`).toLowerCase(), message: t(code, lang), headers: {} };
  }
  return null;
}

/**
 * One global filter: the envelope for the management API, the OpenAI error object for the
 * playground and the few Nest routes under /v1 and /dashboard. Unknown errors are a 500 without
 * details, logged with the request id.
 */
@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();
    const lang = langOf(req.headers['accept-language']);
    let d = describeError(exception, lang);
    if (d === null) {
      this.logger.error(`unhandled error on ${req.method} ${pathOnly(req.url)} (request ${req.id}): ${(exception as Error)?.stack ?? String(exception)}`);
      d = { status: 500, code: 'common.internal', wireCode: 'internal_error', message: t('common.internal', lang), headers: {} };
    }
    if (reply.sent) return;
    for (const [k, v] of Object.entries(d.headers)) void reply.header(k, v);
    const path = req.url.split('?')[0] ?? '';
    if (errorFormatFor(path) === 'openai') {
      void reply.status(d.status).send({
        error: { message: `${d.message} (request id: ${req.id})`, type: errorType(d.status), param: null, code: d.wireCode },
      });
      return;
    }
    void reply.status(d.status).send(renderEnvelope(d));
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
