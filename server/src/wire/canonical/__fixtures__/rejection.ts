import { RelayRequestError } from '../errors';

/** For specs: the RelayRequestError `fn` throws (any other error is rethrown; none fails the spec). */
export function rejection(fn: () => unknown): RelayRequestError {
  try {
    fn();
  } catch (e) {
    if (e instanceof RelayRequestError) return e;
    throw e;
  }
  throw new Error('expected a RelayRequestError');
}
