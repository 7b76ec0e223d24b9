import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { z } from 'zod';
import { REALTIME_ROUTE } from '../realtime/realtime-route';
import { RELAY_DOC, docsOf, methodsOf, openApiPath, type RelayDoc, type RelayErrorShape, type RelayKeys, type RelayRouteDef } from '../relay/edge/relay-doc';
import { RELAY_ROUTES } from '../relay/edge/relay-route-table';
import { MjErrorSchema, SunoErrorSchema, TASK_ROUTES } from '../tasks/task-route-table';
import { AnthropicErrorSchema } from '../wire/anthropic-messages/openapi';
import { GeminiErrorSchema } from '../wire/gemini/openapi';
import { OpenAIErrorSchema } from '../wire/openai-chat/openapi';

type Json = Record<string, unknown>;

/** A zod schema as JSON Schema, named schemas hoisted into the document's components. */
export type ToJsonSchema = (schema: z.ZodType, io: 'input' | 'output') => Json;

/** A controller class as Nest registered it. */
type ControllerClass = abstract new (...args: never[]) => unknown;

/** Every relay route table the server registers from: the HTTP relay, the task relays, the realtime socket. */
export const RELAY_ROUTE_TABLES: readonly (readonly RelayRouteDef[])[] = [RELAY_ROUTES, TASK_ROUTES, [REALTIME_ROUTE]];

/** One documented relay operation. */
export interface RelayOperation {
  method: string;
  path: string;
  doc: RelayDoc;
}

const NEST_METHODS: Partial<Record<RequestMethod, string>> = { [RequestMethod.GET]: 'GET', [RequestMethod.POST]: 'POST', [RequestMethod.PUT]: 'PUT', [RequestMethod.DELETE]: 'DELETE', [RequestMethod.PATCH]: 'PATCH' };

/** Relay routes served by Nest controllers (the playground): found by their @RelayDocumented. */
function controllerOperations(controllers: readonly ControllerClass[]): RelayOperation[] {
  const out: RelayOperation[] = [];
  for (const ctrl of controllers) {
    const base = String(Reflect.getMetadata(PATH_METADATA, ctrl) ?? '');
    const proto = ctrl.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const fn = proto[name];
      if (name === 'constructor' || typeof fn !== 'function') continue;
      const doc = Reflect.getMetadata(RELAY_DOC, fn) as RelayDoc | undefined;
      const method = NEST_METHODS[Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod];
      if (!doc || !method) continue;
      const sub = String(Reflect.getMetadata(PATH_METADATA, fn) ?? '');
      out.push({ method, path: openApiPath(`/${[base, sub].filter((p) => p !== '' && p !== '/').join('/')}`.replace(/\/+/g, '/')), doc });
    }
  }
  return out;
}

/** Every documented relay operation: the route tables' rows, one per method and documented path, and the playground. */
export function relayOperations(controllers: readonly ControllerClass[] = []): RelayOperation[] {
  const out: RelayOperation[] = [];
  for (const table of RELAY_ROUTE_TABLES) {
    for (const route of table) {
      for (const doc of docsOf(route)) {
        for (const method of methodsOf(route)) out.push({ method, path: doc.path ?? openApiPath(route.url), doc });
      }
    }
  }
  return [...out, ...controllerOperations(controllers)];
}

/** The API-key schemes of the relay; `session` and `newApiUser` are the management API's. */
const SECURITY_SCHEMES: Json = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'A token key, `Authorization: Bearer sk-...` (a bare `Authorization: sk-...` is taken too). An administrator may pin a channel with `sk-KEY-CHANNELID`.',
  },
  anthropicApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: "The same key as Anthropic's clients send it" },
  geminiApiKey: { type: 'apiKey', in: 'header', name: 'x-goog-api-key', description: "The same key as Google's clients send it (Gemini paths)" },
  geminiQueryKey: { type: 'apiKey', in: 'query', name: 'key', description: 'The same key in the query, as Google accepts it (Gemini paths)' },
  mjApiSecret: { type: 'apiKey', in: 'header', name: 'mj-api-secret', description: "The same key as midjourney-proxy's clients send it (with no Authorization, or `Authorization: midjourney-proxy`)" },
  realtimeSubprotocol: {
    type: 'apiKey',
    in: 'header',
    name: 'Sec-WebSocket-Protocol',
    description: 'Browsers: the key as the WebSocket subprotocol `openai-insecure-api-key.<key>`, offered beside `realtime`',
  },
};

const KEYED = [{ apiKey: [] }, { anthropicApiKey: [] }];
const SECURITY: Readonly<Record<RelayKeys, Json[]>> = {
  bearer: KEYED,
  gemini: [{ geminiApiKey: [] }, { geminiQueryKey: [] }, ...KEYED],
  mj: [...KEYED, { mjApiSecret: [] }],
  realtime: [...KEYED, { realtimeSubprotocol: [] }],
  session: [{ session: [], newApiUser: [] }],
  public: [],
};

const ERROR_SCHEMAS: Readonly<Record<RelayErrorShape, z.ZodType>> = {
  openai: OpenAIErrorSchema,
  anthropic: AnthropicErrorSchema,
  gemini: GeminiErrorSchema,
  mj: MjErrorSchema,
  suno: SunoErrorSchema,
};

const SSE = { schema: { type: 'string', description: 'Server-Sent Events (`data: {...}` lines in the format\'s own stream shape), when the request asks for a stream' } };

function operationId(method: string, path: string): string {
  return `relay_${method.toLowerCase()}_${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}`;
}

function parameters(op: RelayOperation, toJson: ToJsonSchema): Json[] {
  const out: Json[] = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  if (op.doc.query) {
    const js = toJson(op.doc.query, 'input');
    const required = new Set((js.required ?? []) as string[]);
    for (const [name, s] of Object.entries((js.properties ?? {}) as Record<string, Json>)) {
      const { description, ...schema } = s;
      out.push({ name, in: 'query', required: required.has(name), schema, ...(description ? { description } : {}) });
    }
  }
  return out;
}

function successResponse(doc: RelayDoc, toJson: ToJsonSchema): [string, Json] {
  const a = doc.answer ?? {};
  const status = String(a.status ?? 200);
  const content: Json = {};
  if (a.schema) {
    const schema = toJson(a.schema, 'output');
    content['application/json'] = { schema: a.stream === 'sse-or-json-array' ? { type: 'array', items: schema } : schema };
  } else if (a.contentType) content[a.contentType] = { schema: { type: 'string', format: 'binary' } };
  if (a.stream) content['text/event-stream'] = SSE;
  const description = a.description ?? (status === '501' ? 'Never: the route answers 501' : 'Done');
  return [status, { description, ...(Object.keys(content).length > 0 ? { content } : {}) }];
}

function operation(op: RelayOperation, toJson: ToJsonSchema): Json {
  const { doc } = op;
  const params = parameters(op, toJson);
  const error = (description: string, schema: Json = toJson(ERROR_SCHEMAS[doc.errors], 'output')): Json => ({ description, content: { 'application/json': { schema } } });
  const responses: Json = Object.fromEntries([successResponse(doc, toJson)]);
  if (doc.answer?.status === 501) responses['501'] = error('Not implemented');
  if (doc.keys === 'session') {
    // The management AuthGuard refuses before the relay: the management envelope.
    responses['401'] = error('Not signed in, or New-Api-User missing or wrong', { $ref: '#/components/schemas/ErrorEnvelope' });
  } else if (doc.keys !== 'public') responses['401'] = error('No key, or a key that is unknown, disabled or expired');
  responses['4XX'] = error('Refused: the body (the field at fault named), the token (quota, model limits, IP), the user, the group, an unpriced model, a rate limit (429, with Retry-After)');
  responses['5XX'] = error('No channel serves the model (503 `model_not_found`), the upstream failed (its own scrubbed words), or the gateway cannot answer now (503)');
  const body = doc.body;
  return {
    operationId: operationId(op.method, op.path),
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [doc.tag],
    security: SECURITY[doc.keys],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            content: { [body.multipart ? 'multipart/form-data' : 'application/json']: { schema: toJson(body.schema, 'input'), ...(body.example !== undefined ? { example: body.example } : {}) } },
          },
        }
      : {}),
    responses,
  };
}

/**
 * The relay's part of the OpenAPI document: a path per documented relay operation, generated
 * from the route tables the routes are registered from, and the API-key security schemes.
 */
export function relayDocument(controllers: readonly ControllerClass[], toJson: ToJsonSchema): { paths: Record<string, Record<string, Json>>; securitySchemes: Json } {
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of relayOperations(controllers)) (paths[op.path] ??= {})[op.method.toLowerCase()] = operation(op, toJson);
  return { paths, securitySchemes: SECURITY_SCHEMES };
}
