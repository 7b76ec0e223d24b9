import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

/**
 * How a relay route takes the caller's API key (RelayAuthService, pipeline/credentials.ts):
 * - `bearer`: `Authorization: Bearer sk-...` (or a bare `Authorization: sk-...`), and Anthropic's
 *   `x-api-key`: every token-authenticated route takes both (`presentedKey`);
 * - `gemini`: the above plus Google's `x-goog-api-key` header and `?key=` query (`presentedGeminiKey`);
 * - `mj`: the above plus midjourney-proxy's `mj-api-secret` header;
 * - `realtime`: the above plus the browser form, the `openai-insecure-api-key.<key>` WebSocket subprotocol;
 * - `session`: the console's signed-in session (cookie plus `New-Api-User`), no API key;
 * - `public`: no credential.
 */
export type RelayKeys = 'bearer' | 'gemini' | 'mj' | 'realtime' | 'session' | 'public';

/** The shape a route answers its errors in (relay-errors.ts renders, each inbound format shapes). */
export type RelayErrorShape = 'openai' | 'anthropic' | 'gemini' | 'mj' | 'suno';

/** One documented relay operation: its path's text for the document and what it reads and answers. */
export interface RelayDoc {
  summary: string;
  description?: string;
  /** The OpenAPI path when the route's URL has a wildcard (`/v1beta/models/{model}:generateContent`). */
  path?: string;
  tag: string;
  keys: RelayKeys;
  errors: RelayErrorShape;
  /** The request body: JSON unless `multipart`. */
  body?: { schema: z.ZodType; multipart?: boolean; example?: unknown };
  query?: z.ZodObject;
  /** The answer on success; absent: the status alone (a 204, a 501 route). */
  answer?: {
    status?: number;
    schema?: z.ZodType;
    /** Another content type than JSON (audio, an image, a text transcript). */
    contentType?: string;
    description?: string;
    /** The body's `stream: true` (or the method) answers a stream: its framing. */
    stream?: 'sse' | 'sse-or-json-array';
  };
  /** A WebSocket upgrade (GET with `Upgrade: websocket`), not a plain HTTP answer. */
  websocket?: boolean;
}

/**
 * One relay route as it is registered: the method(s) and Fastify URL, what serves it, and its
 * documentation. The route tables (relay-route-table.ts, tasks/task-route-table.ts, the realtime
 * route) are read both by the registration and by the OpenAPI document, so a route added to a
 * table is documented with no second edit. A URL with a wildcard documents one or more `path`s.
 */
export interface RelayRouteDef<S = unknown> {
  readonly method: HttpMethod | readonly HttpMethod[];
  readonly url: string;
  readonly serve: S;
  readonly doc: RelayDoc | readonly RelayDoc[];
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export function methodsOf(r: RelayRouteDef): readonly HttpMethod[] {
  return typeof r.method === 'string' ? [r.method] : r.method;
}

export function docsOf(r: RelayRouteDef): readonly RelayDoc[] {
  return Array.isArray(r.doc) ? r.doc : [r.doc as RelayDoc];
}

/** The OpenAPI path of a Fastify URL: `:name` is `{name}`, a trailing `*` is `{path}`. */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}');
}

export const RELAY_DOC = 'sluice:relay-doc';

/** Documents a relay route served by a Nest controller (the playground) in the OpenAPI document. */
export const RelayDocumented = (doc: RelayDoc): MethodDecorator => SetMetadata(RELAY_DOC, doc);

/** A route as Fastify registered it (HEAD routes it adds for GET left out). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

/** Records every route registered in `scope` from now on, so the route tables can be checked against Fastify. */
export function recordRoutes(scope: { addHook(name: 'onRoute', hook: (r: { method: string | string[]; url: string }) => void): unknown }, into: RegisteredRoute[]): void {
  scope.addHook('onRoute', (r) => {
    for (const method of typeof r.method === 'string' ? [r.method] : r.method) if (method !== 'HEAD') into.push({ method, url: r.url });
  });
}
