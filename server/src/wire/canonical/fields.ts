import { RelayRequestError } from './errors';
import { isJsonObject, type JsonObject, type JsonValue } from './json';

/**
 * Typed reads of a client body that fail with an OpenAI-style 400 naming the field.
 * `null` and absent are the same ("not set"), as OpenAI treats them.
 */
export class FieldReader {
  constructor(
    readonly body: JsonObject,
    private readonly prefix = '',
  ) {}

  private path(key: string): string {
    return this.prefix ? `${this.prefix}.${key}` : key;
  }

  has(key: string): boolean {
    const v = this.body[key];
    return v !== undefined && v !== null;
  }

  raw(key: string): JsonValue | undefined {
    const v = this.body[key];
    return v === null ? undefined : v;
  }

  requiredString(key: string, maxLength = Number.MAX_SAFE_INTEGER): string {
    const v = this.optionalString(key, maxLength);
    if (v === null || v === '') throw missing(this.path(key));
    return v;
  }

  optionalString(key: string, maxLength = Number.MAX_SAFE_INTEGER): string | null {
    const v = this.raw(key);
    if (v === undefined) return null;
    if (typeof v !== 'string') throw wrongType(this.path(key), 'string');
    if (v.length > maxLength) {
      throw new RelayRequestError('string_above_max_length', 'relay.field_too_long', this.path(key), { field: this.path(key), max: maxLength });
    }
    return v;
  }

  optionalBoolean(key: string): boolean | null {
    const v = this.raw(key);
    if (v === undefined) return null;
    if (typeof v !== 'boolean') throw wrongType(this.path(key), 'boolean');
    return v;
  }

  /** An integer in [min, max]; fractions, strings and out-of-range values are 400s. */
  optionalInt(key: string, min: number, max: number): number | null {
    const v = this.raw(key);
    if (v === undefined) return null;
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw wrongType(this.path(key), 'integer');
    return checkRange(this.path(key), v, min, max);
  }

  optionalNumber(key: string, min: number, max: number): number | null {
    const v = this.raw(key);
    if (v === undefined) return null;
    if (typeof v !== 'number' || !Number.isFinite(v)) throw wrongType(this.path(key), 'number');
    return checkRange(this.path(key), v, min, max);
  }

  optionalObject(key: string): FieldReader | null {
    const v = this.raw(key);
    if (v === undefined) return null;
    if (!isJsonObject(v)) throw wrongType(this.path(key), 'object');
    return new FieldReader(v, this.path(key));
  }

  optionalArray(key: string, maxItems = Number.MAX_SAFE_INTEGER): JsonValue[] | null {
    const v = this.raw(key);
    if (v === undefined) return null;
    if (!Array.isArray(v)) throw wrongType(this.path(key), 'array');
    if (v.length > maxItems) throw tooMany(this.path(key), maxItems);
    return v;
  }

  requiredArray(key: string, maxItems = Number.MAX_SAFE_INTEGER): JsonValue[] {
    const v = this.optionalArray(key, maxItems);
    if (v === null || v.length === 0) throw missing(this.path(key));
    return v;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | null {
    const v = this.optionalString(key);
    if (v === null) return null;
    if (!(allowed as readonly string[]).includes(v)) throw invalidValue(this.path(key), allowed.join(', '));
    return v as T;
  }
}

function checkRange(field: string, v: number, min: number, max: number): number {
  if (v < min) throw new RelayRequestError('integer_below_min_value', 'relay.field_min', field, { field, min });
  if (v > max) throw new RelayRequestError('integer_above_max_value', 'relay.field_max', field, { field, max });
  return v;
}

export function missing(field: string): RelayRequestError {
  return new RelayRequestError('missing_required_parameter', 'relay.field_required', field, { field });
}

export function wrongType(field: string, type: string): RelayRequestError {
  return new RelayRequestError('invalid_type', 'relay.field_type', field, { field, type });
}

export function invalidValue(field: string, allowed: string): RelayRequestError {
  return new RelayRequestError('invalid_value', 'relay.field_value', field, { field, allowed });
}

export function tooMany(field: string, max: number): RelayRequestError {
  return new RelayRequestError('integer_above_max_value', 'relay.field_max_items', field, { field, max });
}

export function bodyObject(body: unknown): JsonObject {
  if (!isJsonObject(body)) throw new RelayRequestError('invalid_request_body', 'relay.invalid_body', null);
  return body;
}
