import type { ErrorCode } from './error-codes';
import type { MessageKey } from './messages';

/**
 * Base of every exception the global filter and the relay renderers know. Management refusals
 * use `ApiError` (a registered code, which is also the message key); the relay's errors subclass
 * this directly with their OpenAI-style codes.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly messageKey: MessageKey | null,
    /** HTTP status. Management routes keep the envelope; the status still says what happened. */
    readonly status: number = 400,
    readonly params: Record<string, string | number> = {},
    readonly headers: Record<string, string> = {},
    /** Literal text when there is no catalogue key (e.g. a scrubbed upstream message). */
    readonly text?: string,
  ) {
    super(text ?? messageKey ?? code);
    this.name = new.target.name;
  }
}

type Params = Record<string, string | number>;
type ApiErrorCtor<T> = new (code: ErrorCode, params?: Params, status?: number, field?: string) => T;

/**
 * A management API refusal. `code` is one of `ERROR_CODES` (`common/error-codes.ts`) and is also
 * the catalogue key of the message; `field` names the input at fault when there is one.
 * Each domain subclasses it once (`TokensError`, `UsersError`, ...) in its `<domain>.errors.ts`.
 */
export class ApiError extends DomainError {
  declare readonly code: ErrorCode;

  constructor(code: ErrorCode, params: Params = {}, status = 400, readonly field?: string) {
    super(code, code, status, params);
  }

  /** `XError.of('token.not_found', {}, 404)` builds the subclass it is called on. */
  static of<T extends ApiError>(this: ApiErrorCtor<T>, code: ErrorCode, params: Params = {}, status = 400): T {
    return new this(code, params, status);
  }
}

/** Who is calling and what they may do (401 / 403). */
export class AuthError extends ApiError {}

/** A request the caller can fix. */
export class RequestError extends ApiError {}

export class RateLimitError extends ApiError {
  constructor(retryAfterSeconds: number) {
    super('common.too_many_requests', {}, 429);
    Object.assign(this.headers, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
