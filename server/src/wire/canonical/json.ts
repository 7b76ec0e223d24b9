/** JSON as it travels through the relay: bodies are parsed once and re-serialised per upstream. */
export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export function isJsonObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Parses JSON text; null when it is not JSON (garbage from an upstream must not throw). */
export function parseJson(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

/** A shallow copy is enough: adaptors only replace top-level keys of the forwarded body. */
export function shallowCopy(o: JsonObject): JsonObject {
  return { ...o };
}

export function stringAt(o: JsonObject | undefined, key: string): string | null {
  const v = o?.[key];
  return typeof v === 'string' ? v : null;
}

export function objectAt(o: JsonObject | undefined, key: string): JsonObject | undefined {
  const v = o?.[key];
  return isJsonObject(v) ? v : undefined;
}

export function arrayAt(o: JsonObject | undefined, key: string): JsonValue[] | undefined {
  const v = o?.[key];
  return Array.isArray(v) ? v : undefined;
}

/** Upstream numbers are taken as reported; billing decides later whether they are sane. */
export function numberAt(o: JsonObject | undefined, key: string): number | null {
  const v = o?.[key];
  return typeof v === 'number' ? v : null;
}
