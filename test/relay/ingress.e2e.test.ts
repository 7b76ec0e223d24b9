import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../server/src/config/app-config';
import { TokenEntity } from '../../server/src/tokens/token.entity';
import { DATABASES } from '../support/env';
import type { FakeOpenAI } from '../support/fakes/openai-upstream';
import { consumeLogs, createChannel, createToken, fakeUpstream, fundedUser, otherOf, relayIdle, setOption, startRelayKit, userQuota, type RelayKit } from './relay-kit';

const UPSTREAM_KEY = 'sk-upstream-ingress-0123456789abcdefghij';
const BODY_LIMIT = 256 * 1024;
const REQUEST_ID = /^\d{17}[0-9A-Za-z]{8}$/;
const CHAT = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };

interface Answer {
  status: number;
  headers: Headers;
  body: { error?: { message: string; type: string; code: string | null; param: string | null } } & Record<string, unknown>;
}

/** Reference §3.7 and §11: the stream settings and their new-api names. */
describe('relay stream settings (loadConfig)', () => {
  const base = { ENCRYPTION_KEY: 'k'.repeat(16) };

  it('idles out after 300 s by default; STREAMING_TIMEOUT (s) sets it, RELAY_IDLE_TIMEOUT_MS wins over it', () => {
    expect(loadConfig(base, '/srv').relay.idleTimeoutMs).toBe(300_000);
    expect(loadConfig({ ...base, STREAMING_TIMEOUT: '90' }, '/srv').relay.idleTimeoutMs).toBe(90_000);
    expect(loadConfig({ ...base, STREAMING_TIMEOUT: '90', RELAY_IDLE_TIMEOUT_MS: '5000' }, '/srv').relay.idleTimeoutMs).toBe(5000);
    expect(() => loadConfig({ ...base, STREAMING_TIMEOUT: '0' }, '/srv')).toThrow(/STREAMING_TIMEOUT/);
  });

  it('waits 600 s for headers and 30 min in all, and takes 64 MiB stream events', () => {
    const c = loadConfig(base, '/srv');
    expect(c.relay.headersTimeoutMs).toBe(600_000);
    // Longer than the hold sweep age: a running request keeps its hold touched (billing/sweeper).
    expect(c.relay.totalTimeoutMs).toBe(1_800_000);
    expect(c.relay.maxStreamEventBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ ...base, STREAM_SCANNER_MAX_BUFFER_MB: '8' }, '/srv').relay.maxStreamEventBytes).toBe(8 * 1024 * 1024);
    expect(() => loadConfig({ ...base, STREAM_SCANNER_MAX_BUFFER_MB: '0' }, '/srv')).toThrow(/STREAM_SCANNER_MAX_BUFFER_MB/);
  });
});

/** Compressed bodies, big stream events, the user's own group and the request id headers (reference §1.1, §1.2, §3.7). */
describe.each(DATABASES)('relay ingress (%s)', (kind) => {
  let kit: RelayKit;
  let fake: FakeOpenAI;
  let user: Awaited<ReturnType<typeof fundedUser>>;
  let key: string;

  beforeAll(async () => {
    kit = await startRelayKit(kind, { env: { RELAY_BODY_LIMIT_BYTES: String(BODY_LIMIT) } });
    fake = await fakeUpstream(kit, { key: UPSTREAM_KEY });
    await setOption(kit.root, 'ModelRatio', { 'gpt-4o-mini': 0.075, 'gpt-image-1': 2.5 });
    await createChannel(kit.root, { key: UPSTREAM_KEY, base_url: fake.url, models: 'gpt-4o-mini,gpt-image-1', group: 'default,partners' });
    user = await fundedUser(kit, 10_000_000);
    key = (await createToken(user.caller)).key;
  });
  afterAll(() => kit.close());
  beforeEach(() => fake.reset());

  async function post(path: string, body: Buffer | string, headers: Record<string, string>, token = key): Promise<Answer> {
    const res = await fetch(`${kit.t.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body,
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: JSON.parse(text) as Answer['body'] };
  }

  function expectError(a: Answer, status: number, code: string, type = 'invalid_request_error'): void {
    expect({ status: a.status, code: a.body.error?.code, type: a.body.error?.type }).toEqual({ status, code, type });
    expect(a.body.error?.message).toMatch(/\(request id: \w+\)$/);
  }

  it('serves and bills gzip, deflate and br chat bodies like a plain one', async () => {
    const json = Buffer.from(JSON.stringify(CHAT));
    const before = await userQuota(user.caller);
    const plain = await post('/v1/chat/completions', json, {});
    expect(plain.status).toBe(200);
    for (const [coding, wire] of [
      ['gzip', gzipSync(json)],
      ['deflate', deflateSync(json)],
      ['br', brotliCompressSync(json)],
    ] as const) {
      const a = await post('/v1/chat/completions', wire, { 'content-encoding': coding });
      expect({ coding, status: a.status, usage: a.body.usage }).toEqual({ coding, status: 200, usage: plain.body.usage });
      expect(fake.last().json).toMatchObject(CHAT);
      // Nothing of the client's coding goes upstream.
      expect(fake.last().headers['content-encoding']).toBeUndefined();
    }
    await relayIdle(kit);
    const logs = (await consumeLogs(kit.root, user.username)).slice(0, 4);
    expect(logs).toHaveLength(4);
    const first = logs[0] as (typeof logs)[number];
    expect(first.quota).toBeGreaterThan(0);
    for (const row of logs) expect({ quota: row.quota, prompt: row.prompt_tokens, completion: row.completion_tokens }).toEqual({ quota: first.quota, prompt: first.prompt_tokens, completion: first.completion_tokens });
    expect(before.quota - (await userQuota(user.caller)).quota).toBe(4 * first.quota);
  });

  it('decodes a gzip multipart body too (image edit)', async () => {
    const boundary = 'ingress-boundary-7d1f';
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const form = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\ngpt-image-1\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nadd a hat\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="cat.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const a = await post('/v1/images/edits', gzipSync(form), { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-encoding': 'gzip' });
    expect(a.status).toBe(200);
    expect(fake.last().multipart?.fields).toMatchObject({ model: 'gpt-image-1', prompt: 'add a hat' });
    expect(fake.last().multipart?.files[0]?.data.equals(png)).toBe(true);
  });

  it('a gzip bomb (small on the wire, past the cap decoded) is a 413 and charges nothing', async () => {
    await relayIdle(kit);
    const before = await userQuota(user.caller);
    const logsBefore = (await consumeLogs(kit.root, user.username)).length;
    const huge = JSON.stringify({ ...CHAT, messages: [{ role: 'user', content: ' '.repeat(8 * BODY_LIMIT) }] });
    const bomb = gzipSync(huge);
    expect(bomb.length).toBeLessThan(BODY_LIMIT / 10);
    const a = await post('/v1/chat/completions', bomb, { 'content-encoding': 'gzip' });
    expectError(a, 413, 'request_too_large');
    expect(a.body.error?.message).toContain(String(BODY_LIMIT));
    await relayIdle(kit);
    expect(fake.requests).toHaveLength(0);
    expect((await userQuota(user.caller)).quota).toBe(before.quota);
    expect((await consumeLogs(kit.root, user.username)).length).toBe(logsBefore);
  });

  it('corrupt gzip is a 400, an unknown coding a 415 with Accept-Encoding', async () => {
    const json = Buffer.from(JSON.stringify(CHAT));
    const corrupt = await post('/v1/chat/completions', Buffer.from('this is not gzip at all'), { 'content-encoding': 'gzip' });
    expectError(corrupt, 400, 'invalid_request_body');
    expect(corrupt.body.error?.message).toContain('gzip');
    const gz = gzipSync(json);
    expectError(await post('/v1/chat/completions', gz.subarray(0, gz.length - 12), { 'content-encoding': 'gzip' }), 400, 'invalid_request_body');
    const zstd = await post('/v1/chat/completions', json, { 'content-encoding': 'zstd' });
    expectError(zstd, 415, 'unsupported_content_encoding');
    expect(zstd.headers.get('accept-encoding')).toBe('gzip, deflate, br');
    expect(fake.requests).toHaveLength(0);
  });

  it('relays a streamed /v1/responses event of about 3 MB intact', async () => {
    const image = Buffer.alloc(2_300_000, 7).toString('base64');
    const usage = { input_tokens: 12, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 17 };
    const ev = (type: string, data: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
    const response = (status: string) => ({ id: 'resp_big', object: 'response', status, model: 'gpt-4o-mini', output: [], usage: status === 'completed' ? usage : null });
    fake.next({
      kind: 'stream',
      usage: null,
      done: false,
      chunks: [
        ev('response.created', { response: response('in_progress'), sequence_number: 0 }),
        ev('response.image_generation_call.partial_image', { item_id: 'ig_1', output_index: 0, partial_image_index: 0, partial_image_b64: image, sequence_number: 1 }),
        ev('response.completed', { response: response('completed'), sequence_number: 2 }),
      ],
    });
    const res = await fetch(`${kit.t.url}/v1/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', input: 'draw a cat', stream: true }),
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.length).toBeGreaterThan(3_000_000);
    const events = text
      .split('\n\n')
      .map((block) => block.split('\n').find((l) => l.startsWith('data: ')))
      .filter((l): l is string => l !== undefined)
      .map((l) => JSON.parse(l.slice('data: '.length)) as { type: string; partial_image_b64?: string });
    expect(events.map((e) => e.type)).toEqual(['response.created', 'response.image_generation_call.partial_image', 'response.completed']);
    expect(events[1]?.partial_image_b64 === image).toBe(true);
    await relayIdle(kit);
    const [log] = await consumeLogs(kit.root, user.username);
    expect({ prompt: log?.prompt_tokens, completion: log?.completion_tokens, stream: log?.is_stream }).toEqual({ prompt: 12, completion: 5, stream: true });
  });

  it("a token without a group uses the user's group even when GroupRatio lacks it (ratio 1); a token naming such a group is still a 403", async () => {
    const partner = await fundedUser(kit, 10_000_000);
    const moved = await kit.root.put('/api/user/', { id: partner.id, group: 'partners' });
    expect(moved.body.success).toBe(true);
    // Tokens are created in a usable group; the group-less one is what older rows and imports hold.
    const groupless = await createToken(partner.caller, { name: 'groupless' });
    const named = await createToken(partner.caller, { name: 'named' });
    const tokens = kit.t.app.get(DataSource).getRepository(TokenEntity);
    await tokens.update({ id: groupless.id }, { group: '' });
    await tokens.update({ id: named.id }, { group: 'partners' });

    const body = JSON.stringify(CHAT);
    const served = await post('/v1/chat/completions', body, {}, groupless.key);
    expect(served.status).toBe(200);
    expectError(await post('/v1/chat/completions', body, {}, named.key), 403, 'group_forbidden', 'permission_error');

    // The same call in the default group (GroupRatio 1) costs the same.
    const reference = await post('/v1/chat/completions', body, {});
    expect(reference.status).toBe(200);
    await relayIdle(kit);
    const [row] = await consumeLogs(kit.root, partner.username);
    const [defaultRow] = await consumeLogs(kit.root, user.username);
    if (!row || !defaultRow) throw new Error('both calls leave a consume log');
    expect(otherOf(row)).toMatchObject({ group_ratio: 1 });
    expect(row.quota).toBeGreaterThan(0);
    expect(row.quota).toBe(defaultRow.quota);
    expect((await userQuota(partner.caller)).quota).toBe(10_000_000 - row.quota);
  });

  it('sends X-Oneapi-Request-Id beside X-Request-Id, the same value, on relay answers and errors', async () => {
    const ok = await post('/v1/chat/completions', JSON.stringify(CHAT), {});
    const noKey = await fetch(`${kit.t.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(CHAT) });
    const status = await fetch(`${kit.t.url}/api/status`);
    expect([ok.status, noKey.status, status.status]).toEqual([200, 401, 200]);
    for (const headers of [ok.headers, noKey.headers, status.headers]) {
      expect(headers.get('x-request-id')).toMatch(REQUEST_ID);
      expect(headers.get('x-oneapi-request-id')).toBe(headers.get('x-request-id'));
    }
    const err = (await noKey.json()) as Answer['body'];
    expect(err.error?.message).toContain(noKey.headers.get('x-oneapi-request-id'));
  });
});
