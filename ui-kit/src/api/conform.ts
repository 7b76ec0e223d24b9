// Reading server JSON with the server's own schemas. The JSON Schemas in openapi.schemas.gen.ts come
// from the OpenAPI document (`npm run api:types`); the parsers in parse.ts read every documented
// field through `conform`, so a field the server documents as a number is read as a number
// here, by that one description, and a changed schema changes the check with it.
//
// The reading is the document's, with the leniency a widget needs when it is pointed at another
// server of the new-api family, and only that:
// - numbers may come as numeric strings, booleans as 0/1 or "true"/"false" (older servers);
// - fields the document does not list are left out of the result, never refused (newer servers);
// - a member of a list or map of plain values (a tag, a ratio) that does not conform is left out,
//   while anything wrong inside an object (a token, a price row) refuses the whole object, naming
//   the path.
import { documentedAnswers, documentedSchemas, type DocumentedAnswerId, type DocumentedSchemaName } from './openapi.schemas.gen';
import type { ApiSchema } from './schema';

/** The part of JSON Schema (2020-12, as OpenAPI 3.1 uses it) the server's document is written in. */
export interface JsonSchema {
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  $ref?: string;
}

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** Every keyword `conform` acts on. A schema using another one is refused (see `assertKnownKeywords`). */
export const KNOWN_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'anyOf',
  'oneOf',
  'const',
  'enum',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  '$ref',
]);

export type Reading = { ok: true; value: unknown } | { ok: false; problem: string };

const REF = '#/components/schemas/';

/** A JSON object (not null, not a list). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(path: string, what: string): Reading {
  return { ok: false, problem: `${path || '(root)'}: ${what}` };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return typeof value === 'object' ? 'an object' : String(value);
}

/** Throws when a schema uses a keyword `conform` would silently ignore. */
export function assertKnownKeywords(schema: JsonSchema, at = ''): void {
  for (const [key, value] of Object.entries(schema)) {
    if (!KNOWN_KEYWORDS.has(key)) throw new Error(`conform: the schema at ${at || '(root)'} uses "${key}", which the kit's reader does not know`);
    if (key === 'properties') {
      for (const [name, sub] of Object.entries(value as Record<string, JsonSchema>)) assertKnownKeywords(sub, `${at}.${name}`);
    } else if (key === 'anyOf' || key === 'oneOf') {
      (value as JsonSchema[]).forEach((sub, i) => assertKnownKeywords(sub, `${at}.${key}[${i}]`));
    } else if ((key === 'items' || key === 'propertyNames' || key === 'additionalProperties') && isRecord(value)) {
      assertKnownKeywords(value as JsonSchema, `${at}.${key}`);
    }
  }
}

function resolve(schema: JsonSchema): JsonSchema {
  if (schema.$ref === undefined) return schema;
  const name = schema.$ref.startsWith(REF) ? schema.$ref.slice(REF.length) : '';
  const found = (documentedSchemas as Readonly<Record<string, JsonSchema>>)[name];
  if (found === undefined) throw new Error(`conform: ${schema.$ref} is not among the kit's documented schemas`);
  return found;
}

/** A scalar schema: its members in a list or map are left out when they do not conform. */
function isScalar(schema: JsonSchema): boolean {
  const s = resolve(schema);
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  return types.length > 0 && types.every((t) => t !== 'object' && t !== 'array');
}

function readType(type: JsonType, schema: JsonSchema, value: unknown, path: string): Reading {
  switch (type) {
    case 'null':
      return value === null ? { ok: true, value } : fail(path, `expected null, got ${describe(value)}`);
    case 'string': {
      if (typeof value !== 'string') return fail(path, `expected a string, got ${describe(value)}`);
      if (schema.minLength !== undefined && value.length < schema.minLength) return fail(path, `shorter than ${schema.minLength}`);
      if (schema.maxLength !== undefined && value.length > schema.maxLength) return fail(path, `longer than ${schema.maxLength}`);
      return { ok: true, value };
    }
    case 'number':
    case 'integer': {
      let n: number | undefined;
      if (typeof value === 'number') n = value;
      else if (typeof value === 'string' && value.trim() !== '') n = Number(value);
      if (n === undefined || !Number.isFinite(n)) return fail(path, `expected a number, got ${describe(value)}`);
      if (type === 'integer' && !Number.isInteger(n)) return fail(path, `expected a whole number, got ${describe(value)}`);
      if (schema.minimum !== undefined && n < schema.minimum) return fail(path, `below ${schema.minimum}`);
      if (schema.maximum !== undefined && n > schema.maximum) return fail(path, `above ${schema.maximum}`);
      return { ok: true, value: n };
    }
    case 'boolean': {
      if (value === true || value === 1 || value === 'true') return { ok: true, value: true };
      if (value === false || value === 0 || value === 'false') return { ok: true, value: false };
      return fail(path, `expected true or false, got ${describe(value)}`);
    }
    case 'array': {
      if (!Array.isArray(value)) return fail(path, `expected a list, got ${describe(value)}`);
      if (schema.items === undefined) return { ok: true, value };
      const dropBad = isScalar(schema.items);
      const out: unknown[] = [];
      for (let i = 0; i < value.length; i += 1) {
        const r = conform(schema.items, value[i], `${path}[${i}]`);
        if (r.ok) out.push(r.value);
        else if (!dropBad) return r;
      }
      return { ok: true, value: out };
    }
    case 'object': {
      if (!isRecord(value)) return fail(path, `expected an object, got ${describe(value)}`);
      const out: Record<string, unknown> = {};
      const properties = schema.properties ?? {};
      for (const [name, sub] of Object.entries(properties)) {
        const v = value[name];
        if (v === undefined) {
          if (schema.required?.includes(name)) return fail(`${path}.${name}`, 'missing');
          continue;
        }
        const r = conform(sub, v, `${path}.${name}`);
        if (!r.ok) return r;
        out[name] = r.value;
      }
      const extra = schema.additionalProperties;
      // A map (`{group: ratio}`): every key not listed is read with the one schema for values.
      if (isRecord(extra) && Object.keys(extra).length > 0) {
        const dropBad = isScalar(extra);
        for (const [key, v] of Object.entries(value)) {
          if (Object.hasOwn(properties, key)) continue;
          const r = conform(extra, v, `${path}.${key}`);
          if (r.ok) out[key] = r.value;
          else if (!dropBad) return r;
        }
      }
      return { ok: true, value: out };
    }
  }
}

function sameConst(expected: unknown, value: unknown): boolean {
  if (typeof expected === 'number') return readType('number', {}, value, '').ok && Number(value) === expected;
  if (typeof expected === 'boolean') {
    const r = readType('boolean', {}, value, '');
    return r.ok && r.value === expected;
  }
  return value === expected;
}

/** Reads `value` as `schema` describes it, or says where and why it does not conform. */
export function conform(schema: JsonSchema, value: unknown, path = ''): Reading {
  const s = resolve(schema);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives !== undefined) {
    for (const alternative of alternatives) {
      const r = conform(alternative, value, path);
      if (r.ok) return r;
    }
    return fail(path, `matches none of its ${alternatives.length} forms (got ${describe(value)})`);
  }
  if (Object.hasOwn(s, 'const')) {
    return sameConst(s.const, value) ? { ok: true, value: s.const } : fail(path, `expected ${JSON.stringify(s.const)}, got ${describe(value)}`);
  }
  if (s.enum !== undefined) {
    const found = s.enum.find((e) => sameConst(e, value));
    return found !== undefined ? { ok: true, value: found } : fail(path, `expected one of ${s.enum.map((e) => JSON.stringify(e)).join(', ')}, got ${describe(value)}`);
  }
  if (s.type === undefined) return { ok: true, value };
  const types = Array.isArray(s.type) ? s.type : [s.type];
  let first: Reading | undefined;
  for (const type of types) {
    const r = readType(type, s, value, path);
    if (r.ok) return r;
    first ??= r;
  }
  return first ?? fail(path, 'no type');
}

/** A named schema of the document (`components.schemas`), as the kit reads it. */
export function documentedSchema(name: DocumentedSchemaName): JsonSchema {
  return documentedSchemas[name];
}

/**
 * The values of a documented enum of strings (e.g. `AuditAction`), in the document's order: a list
 * the server owns (a filter's choices), read from the document instead of written again.
 */
export function documentedValues<N extends DocumentedSchemaName>(name: N): readonly ApiSchema<N>[] {
  const values = documentedSchemas[name].enum;
  if (!Array.isArray(values) || !values.every((v) => typeof v === 'string')) throw new Error(`schema ${name} is not an enum of strings`);
  return values as ApiSchema<N>[];
}

/** A documented 200 answer, whole (the envelope and any field beside `data`). */
export function documentedAnswer(id: DocumentedAnswerId): JsonSchema {
  return documentedAnswers[id];
}

/** One property of an object schema; a name the document lacks is a programming error. */
export function propertyOf(schema: JsonSchema, name: string): JsonSchema {
  const found = resolve(schema).properties?.[name];
  if (found === undefined) throw new Error(`conform: the documented schema has no property "${name}"`);
  return found;
}

export interface PickOptions<K extends string> {
  /** The fields a widget reads: only these are checked and kept. */
  pick: readonly K[];
  /** Values for fields another server of the family may leave out. */
  defaults?: Partial<Record<K, unknown>>;
  /** Fields that may be absent without a default. */
  optional?: readonly K[];
  /** Leave out a field that does not conform instead of refusing the object (every field optional). */
  lenient?: boolean;
}

/**
 * Reads the picked fields of a documented object schema from server JSON. A picked field that is
 * present is read by its documented schema; an absent one takes its default, or is left out when
 * optional; otherwise the object is refused with the field's path.
 */
export function readPicked<K extends string>(schema: JsonSchema, value: unknown, options: PickOptions<K>, path = ''): Reading {
  if (!isRecord(value)) return fail(path, `expected an object, got ${describe(value)}`);
  const out: Record<string, unknown> = {};
  for (const name of options.pick) {
    const sub = propertyOf(schema, name);
    const v = value[name];
    if (v === undefined || v === null) {
      if (options.defaults !== undefined && Object.hasOwn(options.defaults, name)) out[name] = options.defaults[name];
      else if (!options.lenient && !options.optional?.includes(name)) return fail(`${path}.${name}`, 'missing');
      continue;
    }
    const r = conform(sub, v, `${path}.${name}`);
    if (r.ok) out[name] = r.value;
    else if (!options.lenient) return r;
  }
  return { ok: true, value: out };
}
