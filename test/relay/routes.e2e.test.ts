import OpenAI, { toFile } from 'openai';
import request from 'supertest';
import { DATABASES } from '../support/env';
import { Caller, newUser } from '../support/http';
import type { FakeOpenAI } from '../support/fakes/openai-upstream';
import { consumeLogs, createChannel, createToken, fakeUpstream, relayIdle, sdk, setOption, startRelayKit, type RelayKit } from './relay-kit';
import { wavFile } from './wav';

const UPSTREAM_KEY = 'sk-upstream-routes-0123456789abcdefghij';
const REPLY = 'Hello from the fake upstream.';
const MODELS = ['gpt-4o-mini', 'davinci-002', 'text-embedding-3-small', 'text-moderation-latest', 'dall-e-3', 'gpt-image-1', 'tts-1', 'whisper-1'];

/** The official SDK over every relay route, streaming and not, multipart included. */
describe.each(DATABASES)('relay routes through the openai SDK (%s)', (kind) => {
  let kit: RelayKit;
  let fake: FakeOpenAI;
  let client: OpenAI;
  let key: string;

  beforeAll(async () => {
    kit = await startRelayKit(kind);
    fake = await fakeUpstream(kit, { key: UPSTREAM_KEY });
    await setOption(kit.root, 'ModelRatio', {
      'gpt-4o-mini': 0.075,
      'davinci-002': 1,
      'text-embedding-3-small': 0.01,
      'text-moderation-latest': 0.1,
      'gpt-image-1': 2.5,
      'tts-1': 7.5,
      'whisper-1': 15,
      'bge-reranker': 0.05,
    });
    await setOption(kit.root, 'ModelPrice', { 'dall-e-3': 0.04 });
    await createChannel(kit.root, { name: 'openai', key: UPSTREAM_KEY, base_url: fake.url, models: [...MODELS, 'unpriced-model'].join(',') });
    await createChannel(kit.root, { name: 'silicon', type: 40, key: UPSTREAM_KEY, base_url: fake.url, models: 'bge-reranker' });
    key = (await createToken(kit.root)).key;
    client = sdk(kit, key);
  });
  afterAll(() => kit.close());
  beforeEach(() => fake.reset());

  it('chat completions, whole', async () => {
    const res = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect(res.choices[0]?.message.content).toBe(REPLY);
    expect(res.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 5 });
    const up = fake.last();
    expect(up.headers.authorization).toBe(`Bearer ${UPSTREAM_KEY}`);
    expect(up.json).toMatchObject({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
  });

  it('chat streams: usage asked upstream, hidden from a client that did not ask, shown to one that did', async () => {
    const plain = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true });
    let text = '';
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const c of plain) {
      chunks.push(c);
      text += c.choices[0]?.delta.content ?? '';
    }
    expect(text).toBe(REPLY);
    expect(chunks.every((c) => c.usage === undefined && c.choices.length > 0)).toBe(true);
    expect(fake.last().json).toMatchObject({ stream: true, stream_options: { include_usage: true } });

    const withUsage = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const c of withUsage) if (c.usage) usage = c.usage;
    expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 5 });
  });

  it('the raw stream has SSE headers and ends with data: [DONE]', async () => {
    const res = await fetch(`${kit.t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-request-id')).toMatch(/^\d{17}[0-9A-Za-z]{8}$/);
    const body = await res.text();
    expect(body.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(body).not.toContain('"usage"');
  });

  it('legacy completions, whole and streamed', async () => {
    const res = await client.completions.create({ model: 'davinci-002', prompt: 'Say hi' });
    expect(res.choices[0]?.text).toBe(REPLY);
    const stream = await client.completions.create({ model: 'davinci-002', prompt: 'Say hi', stream: true });
    let text = '';
    for await (const c of stream) text += c.choices[0]?.text ?? '';
    expect(text).toBe(REPLY);
  });

  it('embeddings, and the engines path taking the model from the URL', async () => {
    const res = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['a', 'b'] });
    expect(res.data).toHaveLength(2);
    const engines = await fetch(`${kit.t.url}/v1/engines/text-embedding-3-small/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'hello' }),
    });
    expect(engines.status).toBe(200);
    expect(fake.last().json).toMatchObject({ model: 'text-embedding-3-small', input: 'hello' });
  });

  it('moderations (default model when none is given)', async () => {
    const res = await client.moderations.create({ input: 'hello' });
    expect(res.results[0]?.flagged).toBe(false);
    expect(fake.last().json).toMatchObject({ model: 'text-moderation-latest' });
  });

  it('image generation and image edits (multipart)', async () => {
    const gen = await client.images.generate({ model: 'dall-e-3', prompt: 'a cat', size: '1024x1024' });
    expect(gen.data?.[0]?.b64_json).toBe('iVBORw0KGgo=');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const edit = await client.images.edit({ model: 'gpt-image-1', prompt: 'add a hat', image: await toFile(png, 'cat.png', { type: 'image/png' }) });
    expect(edit.data).toHaveLength(1);
    const up = fake.last();
    expect(up.operation).toBe('images/edits');
    expect(up.multipart?.fields).toMatchObject({ model: 'gpt-image-1', prompt: 'add a hat' });
    expect(up.multipart?.files[0]).toMatchObject({ name: 'image', filename: 'cat.png', contentType: 'image/png' });
    expect(up.multipart?.files[0]?.data.equals(png)).toBe(true);
  });

  it('speech returns the audio bytes as they are', async () => {
    const res = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Hello there' });
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await res.arrayBuffer()).toString('latin1')).toBe('ID3\u0003fake-mp3-bytes');
  });

  it('transcriptions and translations of a generated WAV file', async () => {
    const wav = wavFile(1.5);
    const tr = await client.audio.transcriptions.create({ model: 'whisper-1', file: await toFile(wav, 'speech.wav', { type: 'audio/wav' }) });
    expect(tr.text).toBe(REPLY);
    expect(fake.last().multipart?.files[0]?.data.equals(wav)).toBe(true);
    const text = await client.audio.translations.create({ model: 'whisper-1', file: await toFile(wav, 'speech.wav'), response_format: 'text' });
    expect(String(text).trim()).toBe(REPLY);
    expect(fake.last().operation).toBe('audio/translations');
  });

  it('rerank (a SiliconCloud channel)', async () => {
    const res = await fetch(`${kit.t.url}/v1/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'bge-reranker', query: 'q', documents: ['a', 'b', 'c'] }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: unknown[] };
    expect(body.results).toHaveLength(3);
    expect(fake.last().operation).toBe('rerank');
  });

  it('responses, whole and streamed (events pass through)', async () => {
    const res = await client.responses.create({ model: 'gpt-4o-mini', input: 'hi' });
    expect(res.output_text).toBe(REPLY);
    const stream = await client.responses.create({ model: 'gpt-4o-mini', input: 'hi', stream: true });
    const types: string[] = [];
    let text = '';
    for await (const ev of stream) {
      types.push(ev.type);
      if (ev.type === 'response.output_text.delta') text += ev.delta;
    }
    expect(text).toBe(REPLY);
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
    // The raw stream: every event keeps its name line, the deltas (which go out unparsed) too.
    const raw = await fetch(`${kit.t.url}/v1/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', input: 'hi', stream: true }),
    });
    const events = (await raw.text()).split('\n\n').filter(Boolean);
    expect(events.length).toBeGreaterThan(3);
    for (const e of events) {
      const [name, data] = e.split('\n');
      expect(name).toBe(`event: ${(JSON.parse((data ?? '').slice('data: '.length)) as { type: string }).type}`);
    }
  });

  it('every served call left one consume log', async () => {
    await relayIdle(kit);
    const before = (await consumeLogs(kit.root, 'root')).length;
    await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    await relayIdle(kit);
    expect((await consumeLogs(kit.root, 'root')).length).toBe(before + 1);
  });

  it('lists and retrieves only the models the token may use (priced, enabled in its group, within its limits)', async () => {
    const list = await client.models.list();
    const ids = list.data.map((m) => m.id);
    expect(ids).toEqual([...MODELS, 'bge-reranker'].sort());
    expect(ids).not.toContain('unpriced-model');
    const one = await client.models.retrieve('gpt-4o-mini');
    expect(one).toMatchObject({ id: 'gpt-4o-mini', object: 'model' });
    await expect(client.models.retrieve('unpriced-model')).rejects.toMatchObject({ status: 404, code: 'model_not_found' });

    const limited = (await createToken(kit.root, { name: 'limited', model_limits_enabled: true, model_limits: 'gpt-4o-mini,dall-e-3,not-served' })).key;
    const ids2 = (await sdk(kit, limited).models.list()).data.map((m) => m.id);
    expect(ids2).toEqual(['dall-e-3', 'gpt-4o-mini']);

    await setOption(kit.root, 'SelfUseModeEnabled', 'true');
    try {
      expect((await client.models.list()).data.map((m) => m.id)).toContain('unpriced-model');
    } finally {
      await setOption(kit.root, 'SelfUseModeEnabled', 'false');
    }
  });

  it('answers the legacy dashboard billing routes, with and without /v1', async () => {
    const limited = await createToken(kit.root, { name: 'billing', unlimited_quota: false, remain_quota: 250_000 });
    for (const prefix of ['', '/v1']) {
      const sub = await request(kit.t.url).get(`${prefix}/dashboard/billing/subscription`).set('Authorization', `Bearer ${limited.key}`).expect(200);
      expect(sub.body).toEqual({
        object: 'billing_subscription',
        has_payment_method: true,
        soft_limit_usd: 0.5,
        hard_limit_usd: 0.5,
        system_hard_limit_usd: 0.5,
        access_until: 0,
      });
      const usage = await request(kit.t.url).get(`${prefix}/dashboard/billing/usage`).set('Authorization', `Bearer ${limited.key}`).expect(200);
      expect(usage.body).toEqual({ object: 'list', total_usage: 0 });
    }
    const unlimited = await request(kit.t.url).get('/dashboard/billing/subscription').set('Authorization', `Bearer ${key}`).expect(200);
    expect(unlimited.body.hard_limit_usd).toBe(100_000_000);
    await request(kit.t.url).get('/dashboard/billing/usage').expect(401);
  });

  it('answers 501 in the OpenAI shape for files and fine-tunes', async () => {
    await expect(client.files.list()).rejects.toMatchObject({ status: 501, code: 'api_not_implemented', type: 'new_api_error' });
    await expect(client.fineTuning.jobs.list()).rejects.toMatchObject({ status: 501, code: 'api_not_implemented' });
    const res = await request(kit.t.url).post('/v1/fine-tunes').set('Authorization', `Bearer ${key}`).send({}).expect(501);
    expect(res.body.error).toMatchObject({ type: 'new_api_error', code: 'api_not_implemented' });
    expect(res.body.error.message).toMatch(/^API 未实现 \(request id: /);
    await request(kit.t.url).delete('/v1/models/gpt-4o-mini').set('Authorization', `Bearer ${key}`).expect(501);
  });

  it('serves the playground to a session (group from the body), never to an API key or access token', async () => {
    const { caller } = await newUser(kit.t.url);
    const topUp = await kit.root.post('/api/user/manage', { id: caller.userId, action: 'add_quota', value: 1_000_000 });
    expect(topUp.body.success).toBe(true);
    const body = { model: 'gpt-4o-mini', group: 'vip', stream: true, max_tokens: 0, temperature: 0, messages: [{ role: 'user', content: 'hi' }] };
    const res = await caller.post('/pg/chat/completions', body).buffer(true).parse((r, cb) => {
      let text = '';
      r.on('data', (c: Buffer) => (text += c.toString('utf8')));
      r.on('end', () => cb(null, text));
    });
    expect(res.status).toBe(503);
    // vip has no channel: the group was read from the body. The same body in the user's group works.
    const ok = await caller.post('/pg/chat/completions', { ...body, group: 'default' }).buffer(true).parse((r, cb) => {
      let text = '';
      r.on('data', (c: Buffer) => (text += c.toString('utf8')));
      r.on('end', () => cb(null, text));
    });
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toBe('text/event-stream');
    const text = String(ok.body);
    expect(text).toContain('"content":"Hello "');
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(fake.last().json).not.toHaveProperty('group');

    const forbidden = await caller.post('/pg/chat/completions', { ...body, group: 'svip' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toMatchObject({ code: 'group_forbidden' });

    await request(kit.t.url).post('/pg/chat/completions').set('Authorization', `Bearer ${key}`).send(body).expect(401);
    const token = await caller.get('/api/user/token');
    const viaAccessToken = new Caller(kit.t.url);
    viaAccessToken.userId = caller.userId;
    viaAccessToken.useAccessToken(String(token.body.data));
    const denied = await viaAccessToken.post('/pg/chat/completions', { ...body, group: 'default' });
    expect(denied.status).toBe(401);
    await relayIdle(kit);
  });
});
