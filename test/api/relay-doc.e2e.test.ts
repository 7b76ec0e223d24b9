import { compileErrors, validate } from '@readme/openapi-parser';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RelayRoutes } from '../../server/src/relay/edge/relay-routes';
import { REALTIME_PATH } from '../../server/src/realtime/realtime.service';
import { TaskRoutes } from '../../server/src/tasks/task-routes';
import { DATABASES } from '../support/env';
import type { FakeOpenAI } from '../support/fakes/openai-upstream';
import { createChannel, createToken, fakeUpstream, relayIdle, setOption, startRelayKit, type RelayKit } from '../relay/relay-kit';

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  const?: unknown;
  anyOf?: Schema[];
};
type Media = { schema: Schema; example?: unknown };
type Operation = {
  operationId: string;
  security: Record<string, string[]>[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }> };
};

const UPSTREAM_KEY = 'sk-upstream-relaydoc-0123456789abcdefghij';
const RELAY_PREFIXES = ['/v1/', '/v1beta/', '/dashboard/', '/mj/', '/{mode}/', '/suno/', '/pg/'];

/** `value` has what `schema` requires (types, required fields, constants), following $refs: enough to hold an answer to its document. */
function conforms(value: unknown, schema: Schema, doc: Doc, at = '$'): string[] {
  if (schema.$ref) return conforms(value, doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] ?? {}, doc, at);
  if (schema.anyOf) return schema.anyOf.some((s) => conforms(value, s, doc, at).length === 0) ? [] : [`${at}: matches no alternative`];
  if (schema.const !== undefined && value !== schema.const) return [`${at}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`];
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const typeOf = value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  if (types.length > 0 && !types.includes(typeOf) && !(typeOf === 'integer' && types.includes('number'))) return [`${at}: ${typeOf} where ${types.join('|')} is documented`];
  if (typeOf === 'array' && schema.items) return (value as unknown[]).flatMap((v, i) => conforms(v, schema.items as Schema, doc, `${at}[${i}]`));
  if (typeOf !== 'object') return [];
  const o = value as Record<string, unknown>;
  const missing = (schema.required ?? []).filter((k) => !(k in o)).map((k) => `${at}.${k}: missing`);
  return [...missing, ...Object.entries(schema.properties ?? {}).flatMap(([k, s]) => (o[k] === undefined ? [] : conforms(o[k], s, doc, `${at}.${k}`)))];
}

/** Fastify's URL of a registered route as a pattern over the document's paths. */
function pathPattern(url: string): RegExp {
  const escaped = url.replace(/[.+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/:(\w+)/g, '\\{$1\\}').replace(/\*$/, '.+')}$`);
}

/** Issue 24: the relay routes in the generated document, checked against the running server. */
describe.each(DATABASES)('the relay in the OpenAPI document (%s)', (kind) => {
  let kit: RelayKit;
  let fake: FakeOpenAI;
  let key: string;
  let doc: Doc;

  const op = (method: string, path: string): Operation => {
    const o = doc.paths[path]?.[method];
    if (!o) throw new Error(`${method} ${path} is not in the document`);
    return o;
  };
  const example = (o: Operation): Record<string, unknown> => {
    const media = o.requestBody?.content['application/json'];
    if (!media?.example) throw new Error(`${o.operationId} has no example`);
    return structuredClone(media.example) as Record<string, unknown>;
  };
  const answerSchema = (o: Operation, status = '200'): Schema => {
    const s = o.responses[status]?.content?.['application/json']?.schema;
    if (!s) throw new Error(`${o.operationId} documents no JSON ${status}`);
    return s;
  };

  beforeAll(async () => {
    kit = await startRelayKit(kind);
    fake = await fakeUpstream(kit, { key: UPSTREAM_KEY });
    doc = (await request(kit.t.url).get('/api/openapi.json').expect(200)).body as Doc;
    const chat = example(op('post', '/v1/chat/completions')).model as string;
    const claude = example(op('post', '/v1/messages')).model as string;
    await setOption(kit.root, 'ModelRatio', { [chat]: 0.075, [claude]: 1.5 });
    await createChannel(kit.root, { name: 'openai', key: UPSTREAM_KEY, base_url: fake.url, models: [chat, claude].join(',') });
    key = (await createToken(kit.root)).key;
  });
  afterAll(async () => kit?.close());
  beforeEach(() => fake.reset());

  it('is still a valid OpenAPI 3.1 document with the relay in it (checked by @readme/openapi-parser)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.valid).toBe(true);
  });

  it('lists every relay route Fastify registered, and documents none it did not', () => {
    const app = kit.t.app as NestFastifyApplication;
    const registered = [...app.get(RelayRoutes).registered, ...app.get(TaskRoutes).registered].filter((r) => r.method !== 'OPTIONS');
    expect(registered.length).toBeGreaterThan(60);
    const documented = Object.entries(doc.paths)
      .filter(([path]) => RELAY_PREFIXES.some((p) => path.startsWith(p)) || path === REALTIME_PATH)
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })));
    const undocumented = registered.filter((r) => !documented.some((d) => d.method === r.method && pathPattern(r.url).test(d.path)));
    expect(undocumented).toEqual([]);
    const fastify = app.getHttpAdapter().getInstance();
    const unregistered = documented.filter(
      (d) => !registered.some((r) => r.method === d.method && pathPattern(r.url).test(d.path)) && !(d.path === REALTIME_PATH) && !fastify.hasRoute({ method: d.method as 'POST', url: d.path.replace(/\{(\w+)\}/g, ':$1') }),
    );
    expect(unregistered).toEqual([]);
    expect(documented.map((d) => `${d.method} ${d.path}`)).toEqual(
      expect.arrayContaining([
        'POST /v1/chat/completions',
        'POST /v1/completions',
        'POST /v1/responses',
        'POST /v1/embeddings',
        'POST /v1/images/generations',
        'POST /v1/images/edits',
        'POST /v1/audio/speech',
        'POST /v1/audio/transcriptions',
        'POST /v1/moderations',
        'POST /v1/rerank',
        'GET /v1/models',
        'POST /v1/messages',
        'POST /v1beta/models/{model}:generateContent',
        'POST /v1beta/models/{model}:streamGenerateContent',
        'GET /v1/realtime',
        'POST /mj/submit/imagine',
        'POST /suno/submit/{action}',
        'POST /pg/chat/completions',
      ]),
    );
  });

  it('carries the API-key schemes, on each route as the relay accepts them', async () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.anthropicApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(schemes.geminiApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-goog-api-key' });
    expect(schemes.geminiQueryKey).toMatchObject({ type: 'apiKey', in: 'query', name: 'key' });
    expect(op('get', '/mj/image/{id}').security).toEqual([]);
    expect(op('post', '/pg/chat/completions').security).toEqual([{ session: [], newApiUser: [] }]);

    // Each scheme a route lists lets the key in; each it does not list is a 401.
    const present: Record<string, (path: string) => { path: string; headers: Record<string, string> }> = {
      apiKey: (path) => ({ path, headers: { authorization: `Bearer ${key}` } }),
      anthropicApiKey: (path) => ({ path, headers: { 'x-api-key': key } }),
      geminiApiKey: (path) => ({ path, headers: { 'x-goog-api-key': key } }),
      geminiQueryKey: (path) => ({ path: `${path}?key=${encodeURIComponent(key)}`, headers: {} }),
    };
    const chatModel = example(op('post', '/v1/chat/completions')).model as string;
    for (const [docPath, path] of [
      ['/v1/models/{model}', `/v1/models/${chatModel}`],
      ['/v1beta/models', '/v1beta/models'],
      ['/dashboard/billing/usage', '/dashboard/billing/usage'],
    ] as const) {
      const listed = new Set(op('get', docPath).security.flatMap((s) => Object.keys(s)));
      expect(listed.has('apiKey')).toBe(true);
      for (const [scheme, form] of Object.entries(present)) {
        const call = form(path);
        const res = await request(kit.t.url).get(call.path).set(call.headers);
        expect({ docPath, scheme, status: res.status }).toEqual({ docPath, scheme, status: listed.has(scheme) ? 200 : 401 });
      }
    }
  });

  it("a request shaped from the document's example succeeds, and the answer has the documented shape", async () => {
    const chat = op('post', '/v1/chat/completions');
    const res = await request(kit.t.url).post('/v1/chat/completions').set('authorization', `Bearer ${key}`).send(example(chat));
    expect(res.status).toBe(200);
    expect(conforms(res.body, answerSchema(chat), doc)).toEqual([]);
    expect(fake.last().json).toMatchObject(example(chat));

    // The stream the document announces.
    expect(Object.keys(chat.responses['200']?.content ?? {})).toEqual(['application/json', 'text/event-stream']);
    const streamed = await request(kit.t.url).post('/v1/chat/completions').set('authorization', `Bearer ${key}`).send({ ...example(chat), stream: true });
    expect(streamed.status).toBe(200);
    expect(streamed.headers['content-type']).toContain('text/event-stream');
    expect(streamed.text).toContain('data: [DONE]');
    await relayIdle(kit);
  });

  it("the Anthropic and Gemini examples succeed with their own key forms and answer their own shapes", async () => {
    const messages = op('post', '/v1/messages');
    const m = await request(kit.t.url).post('/v1/messages').set('x-api-key', key).set('anthropic-version', '2023-06-01').send(example(messages));
    expect(m.status).toBe(200);
    expect(conforms(m.body, answerSchema(messages), doc)).toEqual([]);

    const generate = op('post', '/v1beta/models/{model}:generateContent');
    const model = example(op('post', '/v1/chat/completions')).model as string;
    const g = await request(kit.t.url).post(`/v1beta/models/${model}:generateContent?key=${encodeURIComponent(key)}`).send(example(generate));
    expect(g.status).toBe(200);
    expect(conforms(g.body, answerSchema(generate), doc)).toEqual([]);
    await relayIdle(kit);
  });

  it('refusals come in the error shape each route documents', async () => {
    const cases = [
      ['/v1/chat/completions', 'OpenAIError'],
      ['/v1/messages', 'AnthropicError'],
      ['/v1beta/models/{model}:generateContent', 'GeminiError'],
      ['/suno/fetch', 'SunoError'],
      ['/mj/task/list-by-condition', 'MjError'],
    ] as const;
    for (const [path, name] of cases) {
      const o = op('post', path);
      const schema = answerSchema(o, '401');
      expect(schema.$ref).toBe(`#/components/schemas/${name}`);
      const res = await request(kit.t.url).post(path.replace('{model}', 'gpt-x')).send({});
      expect({ path, status: res.status, problems: conforms(res.body, schema, doc) }).toEqual({ path, status: 401, problems: [] });
      // Not merely any object: a shape of another format does not pass.
      const other = cases.find(([, n]) => n !== name)?.[1] as string;
      expect(conforms(res.body, { $ref: `#/components/schemas/${other}` }, doc)).not.toEqual([]);
    }
  });
});
