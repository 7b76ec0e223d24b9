import { z } from 'zod';
import { RequestError } from './domain-error';
import { isErrorCode, type ErrorCode } from './error-codes';

/**
 * Management input validation (issue 24): one zod schema per route body and query, parsed by
 * `parseInput`. A failed check becomes a `RequestError` (400) with a registered code, the spec's
 * message in the caller's language and `field` naming the input at fault. Checks that have the
 * spec's own words carry them with `coded(...)`; the rest fall back to the generic
 * `common.field_*` codes, which name the field in the message too.
 *
 * Objects are zod's default (strip): fields a client sends that the route does not know are
 * ignored, as new-api's clients expect (the console sends whole rows back on edit).
 */

type Params = Record<string, string | number>;

const CODED = 'sluice-coded:';

/** The error option of a zod check: the registered code (and message params) it refuses with. */
export function coded(code: ErrorCode, params: Params = {}): { error: string } {
  return { error: CODED + JSON.stringify([code, params]) };
}

function decode(message: string): [ErrorCode, Params] | null {
  if (!message.startsWith(CODED)) return null;
  const [code, params] = JSON.parse(message.slice(CODED.length)) as [string, Params];
  return isErrorCode(code) ? [code, params] : null;
}

/** `ids[2]`, `limits.rpm`: the field as the caller wrote it. */
function fieldOf(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

/** The first problem of a failed parse as the coded error the caller sees. */
export function toRequestError(error: z.ZodError, input: unknown): RequestError {
  const issue = error.issues[0];
  if (!issue) return RequestError.of('common.bad_request');
  const field = fieldOf(issue.path);
  const known = decode(issue.message);
  if (known) return new RequestError(known[0], { field, ...known[1] }, 400, field || undefined);
  // The whole body or query is of the wrong shape (an array, a string): no field to name.
  if (field === '') return RequestError.of('common.bad_request');
  const at = (code: ErrorCode, params: Params = {}) => new RequestError(code, { field, ...params }, 400, field);
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(input, issue.path) === undefined ? at('common.field_required') : at('common.field_type', { type: issue.expected });
    case 'too_small':
      return at('common.field_min', { min: Number(issue.minimum) });
    case 'too_big':
      return issue.origin === 'string' ? at('common.field_too_long', { max: Number(issue.maximum) }) : at('common.field_max', { max: Number(issue.maximum) });
    default:
      return at('common.field_value');
  }
}

/**
 * Parses a route's body or query with its schema; throws the coded, localized 400 naming the
 * field. An absent body (no content, or JSON `null`) is an empty object.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const value = input === undefined || input === null ? {} : input;
  const r = schema.safeParse(value);
  if (!r.success) throw toRequestError(r.error, value);
  return r.data;
}

// ---- the loose scalars new-api's clients send ----

const DIGITS = /^\s*-?\d{1,16}\s*$/;

/**
 * An integer sent as a JSON number or a string of digits (forms and scripts send both), then
 * checked by `inner` (ranges). `err` refuses anything else: fractions, `1e3`, words, unsafe integers.
 */
export function intLike<T extends z.ZodType<unknown, number>>(inner: T, err: { error: string }) {
  return z
    .union([z.int(err), z.string(err).regex(DIGITS, err)], err)
    .transform((v) => (typeof v === 'number' ? v : Number(v.trim())))
    .pipe(z.int(err))
    .pipe(inner);
}

/** true/false, 1/0, "true"/"false", "1"/"0"; "" and null are false. */
export function boolLike(err: { error: string }) {
  return z
    .union([z.boolean(err), z.literal([0, 1, 'true', 'false', '1', '0', ''], err), z.null(err)], err)
    .transform((v) => v === true || v === 1 || v === 'true' || v === '1');
}

/**
 * A list sent as an array or as one comma-separated string (ASCII or full-width commas, new
 * lines: as people paste them); items trimmed, empty ones and repeats dropped.
 */
export function listLike(err: { error: string }) {
  return z.union([z.string(err), z.array(z.unknown(), err)], err).transform((v) => {
    const parts = Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : '')) : v.split(/[,，\n\r]/);
    const out: string[] = [];
    for (const p of parts) {
      const s = p.trim();
      if (s !== '' && !out.includes(s)) out.push(s);
    }
    return out;
  });
}

/** A row id: 1 .. 2^31-1. */
export function idLike(err: { error: string } = coded('common.invalid_id')) {
  return intLike(z.int(err).min(1, err).max(2_147_483_647, err), err);
}
