import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { z } from 'zod';
import { ACCESS_KEY, type AccessLevel } from '../common/access';
import { CONTRACT, schemaIn, type ContractContext, type RawAnswer, type RouteContract } from '../common/contract';
import { allErrorCodes } from '../common/error-codes';
import { t } from '../common/messages';
import { relayDocument } from './relay.document';

type Json = Record<string, unknown>;

/** A controller class as Nest registered it. */
export type ControllerClass = abstract new (...args: never[]) => unknown;

/** One documented route, read from a controller's metadata. */
interface RouteInfo {
  controller: string;
  handler: string;
  method: string;
  path: string;
  access: AccessLevel;
  contract: RouteContract;
}

const METHODS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.DELETE]: 'delete',
  [RequestMethod.PATCH]: 'patch',
};

/** Every route carrying a @Contract, with its HTTP method, full path and access level. */
export function contractedRoutes(controllers: readonly ControllerClass[]): RouteInfo[] {
  return routesOf(controllers).filter((r): r is RouteInfo => r.contract !== null);
}

/** Every route of the controllers, with its contract or null. */
export function routesOf(controllers: readonly ControllerClass[]): (Omit<RouteInfo, 'contract'> & { contract: RouteContract | null })[] {
  const out: (Omit<RouteInfo, 'contract'> & { contract: RouteContract | null })[] = [];
  for (const ctrl of controllers) {
    const base = String(Reflect.getMetadata(PATH_METADATA, ctrl) ?? '');
    const classAccess = Reflect.getMetadata(ACCESS_KEY, ctrl) as AccessLevel | undefined;
    const proto = ctrl.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const fn = proto[name];
      if (name === 'constructor' || typeof fn !== 'function') continue;
      const contract = (Reflect.getMetadata(CONTRACT, fn) as RouteContract | undefined) ?? null;
      const method = METHODS[Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod];
      if (!method) continue;
      const sub = String(Reflect.getMetadata(PATH_METADATA, fn) ?? '');
      const path = `/${[base, sub].filter((p) => p !== '' && p !== '/').join('/')}`.replace(/\/+/g, '/').replace(/:(\w+)/g, '{$1}');
      const access = (Reflect.getMetadata(ACCESS_KEY, fn) as AccessLevel | undefined) ?? classAccess ?? 'user';
      out.push({ controller: ctrl.name, handler: name, method, path, access, contract });
    }
  }
  return out;
}

/**
 * A zod schema as JSON Schema for the document: named schemas (`.meta({id})`) are hoisted into
 * `components.schemas` and referenced from there.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output', components: Json): Json {
  const js = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  const defs = (js.$defs ?? {}) as Record<string, Json>;
  delete js.$defs;
  delete js.$schema;
  const rewrite = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(rewrite);
    if (v === null || typeof v !== 'object') return v;
    const o: Json = {};
    for (const [k, x] of Object.entries(v)) {
      o[k] = k === '$ref' && typeof x === 'string' ? x.replace(/^#\/\$defs\//, '#/components/schemas/') : rewrite(x);
    }
    return o;
  };
  for (const [id, def] of Object.entries(defs)) {
    components[id] = rewrite(def);
  }
  return rewrite(js) as Json;
}

function queryParameters(schema: z.ZodType, components: Json): Json[] {
  const js = jsonSchema(schema, 'input', components);
  const props = (js.properties ?? {}) as Record<string, Json>;
  const required = new Set((js.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => {
    const { description, ...rest } = s;
    return { name, in: 'query', required: required.has(name), schema: rest, ...(description ? { description } : {}) };
  });
}

const RELAY_INTRO =
  'The relay routes (`/v1/...`, `/v1beta/...`, `/mj/...`, `/suno/...`, `/pg/...`) take an API key (see each route\'s security) and answer in their own wire format, errors included: OpenAI\'s `{error:{message,type,param,code}}`, Anthropic\'s `{type:"error",error:{type,message}}`, Google\'s `{error:{code,message,status,details}}`, midjourney-proxy\'s and Suno-API\'s. Request bodies list the fields the gateway reads; every other field is passed to the upstream as sent. Browsers get a CORS preflight (OPTIONS) on every relay path.';

function rawResponse(raw: RawAnswer): Json {
  if (!raw.contentType) return { description: raw.description, headers: { Location: { description: 'Where the browser goes', schema: { type: 'string' } } } };
  const schema = raw.schema ?? (raw.contentType.startsWith('image/') ? { type: 'string', contentMediaType: raw.contentType } : { type: 'string' });
  return { description: raw.description, content: { [raw.contentType.split(';')[0] as string]: { schema } } };
}

const errorResponse = (description: string): Json => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

/**
 * The OpenAPI 3.1 document of the management routes that declare a @Contract, generated from
 * the same zod schemas their controllers parse with.
 */
export function buildOpenApiDocument(controllers: readonly ControllerClass[], ctx: ContractContext, version: string): Json {
  const components: Json = {};
  const paths: Record<string, Record<string, Json>> = {};
  for (const r of contractedRoutes(controllers)) {
    const c = r.contract;
    // A row id (`{id}`) is a positive integer; any other segment (`{file}`) a string.
    const parameters: Json[] = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: m[1] === 'id' ? { type: 'integer', minimum: 1 } : { type: 'string' },
    }));
    if (c.query) parameters.push(...queryParameters(schemaIn(c.query, ctx), components));
    const data = c.data ? { data: jsonSchema(c.data, 'output', components) } : {};
    const beside = c.beside ? jsonSchema(c.beside, 'output', components) : null;
    const besideProps = (beside?.properties ?? {}) as Json;
    const besideRequired = (beside?.required ?? []) as string[];
    const op: Json = {
      operationId: `${r.controller.replace(/Controller$/, '')}_${r.handler}`,
      summary: c.summary,
      tags: [r.path.split('/')[2] ?? 'api'],
      // 'optional': anyone, the user attached when signed in (the empty requirement allows no credential).
      security: r.access === 'public' ? [] : [{ session: [], newApiUser: [] }, { accessToken: [], newApiUser: [] }, ...(r.access === 'optional' ? [{}] : [])],
      ...(r.access === 'admin' || r.access === 'root' ? { description: `Requires the ${r.access} role.` } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(c.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(schemaIn(c.body, ctx), 'input', components) } } } } : {}),
      responses: {
        ...(c.raw
          ? { [String(c.raw.status ?? 200)]: rawResponse(c.raw) }
          : {
              '200': {
                description: 'Done: the envelope with `success: true`',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { success: { const: true }, message: { type: 'string' }, ...data, ...besideProps },
                      required: ['success', 'message', ...(c.data ? ['data'] : []), ...besideRequired],
                    },
                  },
                },
              },
            }),
        '400': errorResponse('The input is refused: `code` says why, `field` names the input at fault'),
        ...(r.access === 'public' ? {} : { '401': errorResponse('Not signed in, or New-Api-User missing or wrong'), '403': errorResponse('Not allowed') }),
        ...(r.path.includes('{') || r.method === 'put' ? { '404': errorResponse('Not found (or not yours)') } : {}),
        '429': errorResponse('Too many requests'),
      },
    };
    (paths[r.path] ??= {})[r.method] = op;
  }
  const codes = allErrorCodes();
  const relay = relayDocument(controllers, (schema, io) => jsonSchema(schema, io, components));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sluice API',
      version,
      description:
        'The `/api` routes the console calls. Every answer is the envelope `{success, message, data}`; a refusal is `{success: false, message, code}` (plus `field`), `message` in the caller\'s language (`Accept-Language: en` for English), `code` one of the stable codes listed under ErrorEnvelope.\n\n' +
        RELAY_INTRO,
    },
    paths: { ...paths, ...relay.paths },
    components: {
      securitySchemes: {
        ...relay.securitySchemes,
        session: { type: 'apiKey', in: 'cookie', name: 'session', description: 'The session cookie set by POST /api/user/login' },
        accessToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'A user access token (GET /api/user/token)' },
        newApiUser: { type: 'apiKey', in: 'header', name: 'New-Api-User', description: "The caller's user id; required with either credential" },
      },
      schemas: {
        ...components,
        ErrorEnvelope: {
          type: 'object',
          properties: {
            success: { const: false },
            message: { type: 'string', description: "What went wrong, in the spec's words and the caller's language" },
            code: { type: 'string', enum: codes, description: codes.map((code) => `- \`${code}\`: ${t(code, 'en')}`).join('\n') },
            field: { type: 'string', description: 'The input field at fault (`ids[1]`, `remain_quota`), when there is one' },
          },
          required: ['success', 'message', 'code'],
        },
      },
    },
  };
}
