import { isJsonObject, type JsonObject, type JsonValue } from '../canonical/json';

/*
 * JSON Schema (as OpenAI tools carry it) to the OpenAPI subset Gemini's `Schema` accepts (pure).
 * Google refuses unknown keywords (`additionalProperties`, `$schema`, `default`, `examples`,
 * `$ref`…) with a 400, so only the keywords it documents are kept; `type: [T, "null"]` becomes
 * `type: T, nullable: true`; `const` becomes a one-value `enum`; string formats other than
 * `enum` and `date-time` are dropped; `required` keeps only properties that exist.
 */

const KEPT = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'anyOf',
  'items',
  'propertyOrdering',
]);
const STRING_FORMATS = new Set(['enum', 'date-time']);
const MAX_DEPTH = 32;

export function geminiSchema(schema: JsonValue, depth = 0): JsonObject {
  if (!isJsonObject(schema) || depth > MAX_DEPTH) return {};
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'const') {
      out.enum = [v];
      continue;
    }
    if (!KEPT.has(k)) continue;
    if (k === 'type' && Array.isArray(v)) {
      const types = v.filter((t): t is string => typeof t === 'string');
      const real = types.filter((t) => t !== 'null');
      if (real.length > 0) out.type = real[0] as string;
      if (types.includes('null')) out.nullable = true;
      continue;
    }
    if (k === 'properties' && isJsonObject(v)) {
      const props: JsonObject = {};
      for (const [name, sub] of Object.entries(v)) props[name] = geminiSchema(sub, depth + 1);
      out.properties = props;
      continue;
    }
    if (k === 'items') {
      out.items = geminiSchema(v, depth + 1);
      continue;
    }
    if (k === 'anyOf' && Array.isArray(v)) {
      out.anyOf = v.map((s) => geminiSchema(s, depth + 1));
      continue;
    }
    if (k === 'enum' && Array.isArray(v)) {
      // Gemini enums are strings.
      out.enum = v.filter((e) => e !== null).map((e) => (typeof e === 'string' ? e : JSON.stringify(e)));
      continue;
    }
    out[k] = v;
  }
  if (out.enum !== undefined && out.type === undefined) out.type = 'string';
  if (typeof out.format === 'string' && out.type === 'string' && !STRING_FORMATS.has(out.format)) delete out.format;
  if (Array.isArray(out.required)) {
    const props = isJsonObject(out.properties) ? out.properties : {};
    const required = out.required.filter((r): r is string => typeof r === 'string' && r in props);
    if (required.length > 0) out.required = required;
    else delete out.required;
  }
  return out;
}

/** Function parameters: an object schema without properties is no parameters at all for Gemini. */
export function geminiParameters(schema: JsonObject): JsonObject | null {
  const cleaned = geminiSchema(schema);
  const props = cleaned.properties;
  if (cleaned.type === 'object' && (!isJsonObject(props) || Object.keys(props).length === 0)) return null;
  return cleaned;
}
