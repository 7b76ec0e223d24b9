import { isJsonObject, parseJson } from '../canonical/json';

/**
 * Cohere's error body: `{"message": "..."}` (v1 and v2), with the HTTP status saying what it is
 * (400, 401 invalid api token, 402, 404, 429 too many requests, 498 blocked input, 499, 500).
 */
export function cohereErrorMessage(text: string): string | null {
  const body = parseJson(text);
  return isJsonObject(body) && typeof body.message === 'string' ? body.message : null;
}
