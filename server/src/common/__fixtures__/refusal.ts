import { RequestError } from '../domain-error';
import type { ErrorCode } from '../error-codes';

/** The code and field a call refuses with (a `RequestError`), or null when it passes. */
export function refusal(fn: () => unknown): [ErrorCode, string | undefined] | null {
  try {
    fn();
    return null;
  } catch (err) {
    if (err instanceof RequestError) return [err.code as ErrorCode, err.field];
    throw err;
  }
}
