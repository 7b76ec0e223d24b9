/**
 * @jest-environment node
 */
// Drives the client against a real loopback HTTP server, so headers, cookies policy,
// envelopes and the incremental SSE reading are checked on the wire.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSluiceClient, SluiceApiError, NETWORK_ERROR } from './client';
import { ChatStreamError } from './sse';
import type { ChatStreamEvent } from './types';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: Seen, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
let seen: Seen[];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const record: Seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(record);
      handler(record, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
});

function json(res: ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function collect(gen: AsyncGenerator<ChatStreamEvent, void, void>): Promise<ChatStreamEvent[]> {
  const out: ChatStreamEvent[] = [];
  for await (const e of gen) out.push(e);
  return out;
}

describe('createSluiceClient management calls', () => {
  it('sends New-Api-User and unwraps the envelope', async () => {
    handler = (_req, res) => json(res, { success: true, message: '', data: [{ id: 1, name: 'a', key: 'k', status: 1 }] });
    const client = createSluiceClient({ baseUrl: `${baseUrl}/`, userId: 42 });
    const page = await client.listTokens({ page: 1, size: 10 });
    expect(page.items.map((t) => t.name)).toEqual(['a']);
    expect(seen[0]?.url).toBe('/api/token/?p=0&size=10');
    expect(seen[0]?.headers['new-api-user']).toBe('42');
  });

  it('request() sends any management call with the body and language, and returns data and message', async () => {
    handler = (_req, res) => json(res, { success: true, message: '更新成功', data: { id: 7 }, total: 3 });
    const client = createSluiceClient({ baseUrl, userId: 5, acceptLanguage: 'en' });
    const result = await client.request<{ id: number }>('PUT', '/api/option/', { key: 'Notice', value: 'hi' });
    expect(result).toEqual({ data: { id: 7 }, message: '更新成功', body: { success: true, message: '更新成功', data: { id: 7 }, total: 3 } });
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/api/option/', body: '{"key":"Notice","value":"hi"}' });
    expect(seen[0]?.headers['accept-language']).toBe('en');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
  });

  it('request() throws the server message with the HTTP status on success:false and on 429', async () => {
    handler = (_req, res) => json(res, { success: false, message: '用户名已存在' });
    const client = createSluiceClient({ baseUrl, userId: 5 });
    await expect(client.request('POST', '/api/user/', {})).rejects.toEqual(new SluiceApiError('用户名已存在', 200));
    handler = (_req, res) => json(res, { success: false, message: 'slow down' }, 429);
    await expect(client.request('GET', '/api/user/self')).rejects.toMatchObject({ status: 429 });
  });

  it('request() carries the wait of a rate-limited answer (Retry-After, seconds)', async () => {
    handler = (_req, res) => {
      res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '42' });
      res.end(JSON.stringify({ success: false, message: 'slow down' }));
    };
    const client = createSluiceClient({ baseUrl });
    await expect(client.request('GET', '/api/user/self')).rejects.toMatchObject({ status: 429, retryAfter: 42 });
    handler = (_req, res) => json(res, { success: false, message: 'slow down' }, 429);
    await expect(client.request('GET', '/api/user/self')).rejects.toMatchObject({ status: 429, retryAfter: undefined });
  });

  it('download() returns the file with the management headers, and the server message on refusal', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.end('id,model\n1,gpt-4o\n');
    };
    const client = createSluiceClient({ baseUrl, userId: 9 });
    const blob = await client.download('/api/log/export/3/file');
    expect(await blob.text()).toBe('id,model\n1,gpt-4o\n');
    expect(seen[0]?.headers['new-api-user']).toBe('9');
    handler = (_req, res) => json(res, { success: false, message: '导出尚未完成' }, 409);
    await expect(client.download('/api/log/export/3/file')).rejects.toEqual(new SluiceApiError('导出尚未完成', 409));
  });

  it('uses 1-based pages when told to', async () => {
    handler = (_req, res) => json(res, { success: true, message: '', data: { items: [], total: 0 } });
    const client = createSluiceClient({ baseUrl, userId: 1, pageBase: 1 });
    await client.listTokens({ page: 3, size: 20 });
    expect(seen[0]?.url).toBe('/api/token/?p=3&size=20');
  });

  it('turns success:false into SluiceApiError with the server message', async () => {
    handler = (_req, res) => json(res, { success: false, message: '无权进行此操作' });
    const client = createSluiceClient({ baseUrl, userId: 1 });
    await expect(client.deleteToken(5)).rejects.toEqual(new SluiceApiError('无权进行此操作', 200));
    expect(seen[0]).toMatchObject({ method: 'DELETE', url: '/api/token/5/' });
  });

  it('reports a refused connection as a network error', async () => {
    const client = createSluiceClient({ baseUrl: 'http://127.0.0.1:1' });
    await expect(client.getStatus()).rejects.toMatchObject({ message: NETWORK_ERROR, status: 0 });
  });

  it('reads pricing with its top-level group_ratio', async () => {
    handler = (_req, res) =>
      json(res, {
        success: true,
        data: [{ model_name: 'gpt-4o', quota_type: 0, model_ratio: 1.25, completion_ratio: 4, model_price: 0, enable_groups: ['default'] }],
        group_ratio: { default: 1, vip: 0.5 },
      });
    const pricing = await createSluiceClient({ baseUrl }).getPricing();
    expect(pricing.groupRatio).toEqual({ default: 1, vip: 0.5 });
    expect(pricing.items[0]?.model_ratio).toBe(1.25);
  });

  it('sends status toggles and edits with the documented bodies', async () => {
    handler = (_req, res) => json(res, { success: true, message: '' });
    const client = createSluiceClient({ baseUrl, userId: 3 });
    await client.setTokenStatus(9, 2);
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/api/token/?status_only=true' });
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ id: 9, status: 2 });
  });

  it('falls back to /api/groups/token when self groups fail', async () => {
    handler = (req, res) =>
      req.url === '/api/user/self/groups'
        ? json(res, { success: false, message: 'nope' })
        : json(res, { success: true, data: { default: '默认分组', 'vip¥': 'hidden' } });
    const groups = await createSluiceClient({ baseUrl, userId: 1 }).getGroups();
    expect(groups).toEqual([{ value: 'default', label: '默认分组' }]);
    expect(seen.map((s) => s.url)).toEqual(['/api/user/self/groups', '/api/groups/token']);
  });
});

describe('createSluiceClient.streamChat', () => {
  it('posts to /pg/chat/completions with the group and yields deltas as they arrive', async () => {
    const gate: { release?: () => void } = {};
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: {"choices":[{"delta":{"content":"你"}}]}\n\n');
      // The rest is held back until the test has seen the first token.
      gate.release = () => {
        res.write('data: {"choices":[{"delta":{"content":"好"}}]}\n\ndata: [DONE]\n\n');
        res.end();
      };
    };
    const client = createSluiceClient({ baseUrl, userId: 7 });
    const gen = client.streamChat({ model: 'gpt-4o-mini', group: 'default', messages: [{ role: 'user', content: 'hi' }] });
    const first = await gen.next();
    expect(first.value).toEqual({ type: 'delta', content: '你' });
    expect(gate.release).toBeDefined();
    gate.release?.();
    expect(await collect(gen)).toEqual([{ type: 'delta', content: '好' }, { type: 'done' }]);
    expect(seen[0]?.url).toBe('/pg/chat/completions');
    expect(seen[0]?.headers['new-api-user']).toBe('7');
    expect(JSON.parse(seen[0]?.body ?? '')).toMatchObject({ model: 'gpt-4o-mini', group: 'default', stream: true });
  });

  it('uses /v1/chat/completions with a bearer key and no group in api-key mode', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
      res.end('data: {"choices":[{"delta":{"content":"ok"}}]}\n\ndata: {"choices":[]}\n\n');
    };
    const client = createSluiceClient({ baseUrl, apiKey: 'abc' });
    const events = await collect(client.streamChat({ model: 'm', group: 'g', messages: [] }));
    expect(events).toEqual([{ type: 'delta', content: 'ok' }, { type: 'done' }]);
    expect(seen[0]?.url).toBe('/v1/chat/completions');
    expect(seen[0]?.headers.authorization).toBe('Bearer sk-abc');
    expect(JSON.parse(seen[0]?.body ?? '')).not.toHaveProperty('group');
  });

  it('throws the OpenAI error of a non-stream failure', async () => {
    handler = (_req, res) => json(res, { error: { message: 'model not found', type: 'invalid_request_error' } }, 404);
    const client = createSluiceClient({ baseUrl, apiKey: 'sk-x' });
    await expect(collect(client.streamChat({ model: 'm', messages: [] }))).rejects.toEqual(
      new ChatStreamError('model not found'),
    );
  });

  it('throws an error that arrives inside the stream after some text', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end('data: {"choices":[{"delta":{"content":"par"}}]}\n\ndata: {"error":{"message":"upstream closed"}}\n\n');
    };
    const gen = createSluiceClient({ baseUrl, userId: 1 }).streamChat({ model: 'm', messages: [] });
    expect((await gen.next()).value).toEqual({ type: 'delta', content: 'par' });
    await expect(gen.next()).rejects.toThrow('upstream closed');
  });

  it('ends normally when the stream closes without a done marker', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end('data: {"choices":[{"delta":{"content":"x"}}]}');
    };
    const events = await collect(createSluiceClient({ baseUrl, userId: 1 }).streamChat({ model: 'm', messages: [] }));
    expect(events).toEqual([{ type: 'delta', content: 'x' }, { type: 'done' }]);
  });
});

describe('client scope', () => {
  it('differs by identity on one server, so swr caches stay apart', () => {
    const anon = createSluiceClient({ baseUrl: 'https://a.example/' });
    const user = createSluiceClient({ baseUrl: 'https://a.example', userId: 7 });
    const relay = createSluiceClient({ baseUrl: 'https://a.example', apiKey: 'sk-secret' });
    const other = createSluiceClient({ baseUrl: 'https://a.example', apiKey: 'sk-other' });
    expect(new Set([anon.scope, user.scope, relay.scope, other.scope]).size).toBe(4);
    expect(anon.scope).toBe('https://a.example|anon');
    expect(user.scope).toBe('https://a.example|user:7');
    // The key itself never becomes part of a cache key.
    expect(relay.scope).not.toContain('secret');
  });
});
