import type { MessageKey } from './messages';

/**
 * Base of every domain's exception. A domain subclasses it once (UsersError, OptionsError, ...)
 * and throws it with a string code and a catalogue key; the global filter renders the message in
 * the caller's language and format.
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

export class AuthError extends DomainError {}

type ErrorCtor<T> = new (code: string, key: MessageKey, status: number, params: Record<string, string | number>) => T;

export class RequestError extends DomainError {
  /** `XError.of('key')` builds the subclass it is called on. */
  static of<T extends RequestError>(this: ErrorCtor<T>, key: MessageKey, params: Record<string, string | number> = {}, status = 400): T {
    return new this('invalid_request', key, status, params);
  }
}

export class RateLimitError extends DomainError {
  constructor(retryAfterSeconds: number) {
    super('rate_limited', 'common.too_many_requests', 429, {}, {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }
}
