import OpenAI, { AzureOpenAI, toFile } from 'openai';
import { request } from 'undici';
import { estimatePromptTokens } from '../../../server/src/billing/estimate';
import { quotaFor } from '../../../server/src/billing/quota';
import { TokenCounter } from '../../../server/src/billing/token-estimator';
import { settleUsage } from '../../../server/src/billing/usage-clamp';
import { azureAdaptor } from '../../../server/src/relay/adaptors/azure/azure.adaptor';
import { openaiAdaptor } from '../../../server/src/relay/adaptors/openai/openai.adaptor';
import type { UpstreamRequest } from '../../../server/src/relay/adaptors/types';
import { parseChatRequest } from '../../../server/src/wire/openai-chat/parse';
import { SseParser } from '../../../server/src/wire/framing/sse/sse-parser';
import { formatSseEvent } from '../../../server/src/wire/framing/sse/sse-writer';
import { ClientUsageFilter } from '../../../server/src/wire/framing/sse/stream-usage';
import { FakeOpenAI, chatChunk, openaiError } from './openai-upstream';

/**
 * The fake upstream must speak the protocol real clients expect: the official SDK drives it
 * here, so the relay tests that use it exercise the same wire format as production.
 */
describe('FakeOpenAI upstream', () => {
  const key = 'sk-fake-0123456789abcdefghijkl';
  let fake: FakeOpenAI;
  let client: OpenAI;

  beforeAll(async () => {
    fake = await new FakeOpenAI({ key, reply: 'Hi there friend.', promptTokens: 21 }).start();
    client = new OpenAI({ apiKey: key, baseURL: `${fake.url}/v1`, maxRetries: 0 });
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  it('answers chat completions with usage and records the request', async () => {
    const res = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] });
    expect(res.choices[0]?.message.content).toBe('Hi there friend.');
    expect(res.usage).toMatchObject({ prompt_tokens: 21, completion_tokens: 3, total_tokens: 24 });
    const rec = fake.last();
    expect(rec).toMatchObject({ method: 'POST', path: '/v1/chat/completions', operation: 'chat/completions', deployment: null });
    expect(rec.headers.authorization).toBe(`Bearer ${key}`);
    expect(rec.json).toMatchObject({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] });
  });

  it('streams, with the usage chunk only when include_usage is set', async () => {
    const withUsage = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hello' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of withUsage) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Hi there friend.');
    expect(usage).toMatchObject({ prompt_tokens: 21, completion_tokens: 3 });

    const plain = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }], stream: true });
    const chunks = [];
    for await (const chunk of plain) chunks.push(chunk);
    expect(chunks.some((c) => c.usage)).toBe(false);
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
  });

  it('serves the Azure deployment path with api-key and api-version', async () => {
    const azure = new AzureOpenAI({ apiKey: key, endpoint: fake.url, apiVersion: '2024-10-21', deployment: 'gpt-35-turbo', maxRetries: 0 });
    const res = await azure.chat.completions.create({ model: 'gpt-3.5-turbo', messages: [{ role: 'user', content: 'hi' }] });
    expect(res.choices[0]?.message.content).toBe('Hi there friend.');
    expect(fake.last()).toMatchObject({ deployment: 'gpt-35-turbo', operation: 'chat/completions', query: { 'api-version': '2024-10-21' } });
    expect(fake.last().headers['api-key']).toBe(key);
  });

  it('answers a wrong key with a 401 that echoes it (for scrubbing tests)', async () => {
    const wrong = new OpenAI({ apiKey: 'sk-wrong-9999999999', baseURL: `${fake.url}/v1`, maxRetries: 0 });
    await expect(wrong.models.list()).rejects.toMatchObject({ status: 401, code: 'invalid_api_key', message: expect.stringContaining('sk-wrong-9999999999') });
  });

  it('lists models, embeds, moderates and reranks', async () => {
    const models = [];
    for await (const m of client.models.list()) models.push(m.id);
    expect(models).toEqual(['gpt-4o-mini', 'gpt-4o', 'text-embedding-3-small']);
    const emb = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['a', 'b'] });
    expect(emb.data).toHaveLength(2);
    expect(emb.usage.prompt_tokens).toBe(21);
    const mod = await client.moderations.create({ model: 'omni-moderation-latest', input: 'x' });
    expect(mod.results[0]?.flagged).toBe(false);
    const rr = await request(`${fake.url}/v1/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'bge', query: 'q', documents: ['a', 'b', 'c'] }),
    });
    expect(await rr.body.json()).toMatchObject({ results: [{ index: 0 }, { index: 1 }, { index: 2 }], tokens: { input_tokens: 21 } });
  });

  it('parses multipart image edits and transcriptions', async () => {
    const image = await toFile(Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'otter.png', { type: 'image/png' });
    const edit = await client.images.edit({ model: 'gpt-image-1', image, prompt: 'add a hat', n: 2 });
    expect(edit.data).toHaveLength(2);
    expect(edit.usage).toMatchObject({ input_tokens: 50 });
    const rec = fake.last();
    expect(rec.operation).toBe('images/edits');
    expect(rec.multipart?.fields).toMatchObject({ model: 'gpt-image-1', prompt: 'add a hat', n: '2' });
    expect(rec.multipart?.files).toMatchObject([{ name: 'image', filename: 'otter.png', contentType: 'image/png', size: 4 }]);

    const audio = await toFile(Buffer.alloc(1000), 'a.mp3', { type: 'audio/mpeg' });
    const tr = await client.audio.transcriptions.create({ model: 'whisper-1', file: audio });
    expect(tr.text).toBe('Hi there friend.');
    expect(fake.last().multipart?.files[0]).toMatchObject({ name: 'file', size: 1000 });
    const text = await client.audio.translations.create({ model: 'whisper-1', file: audio, response_format: 'text' });
    expect(String(text)).toContain('Hi there friend.');
    const speech = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'hi' });
    expect(Buffer.from(await speech.arrayBuffer()).subarray(0, 3).toString()).toBe('ID3');
  });

  it('streams the Responses API with its terminal usage', async () => {
    const stream = await client.responses.create({ model: 'gpt-4.1', input: 'hi', stream: true });
    const types: string[] = [];
    let usage: OpenAI.Responses.ResponseUsage | undefined;
    for await (const ev of stream) {
      types.push(ev.type);
      if (ev.type === 'response.completed') usage = ev.response.usage;
    }
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
    expect(usage).toMatchObject({ input_tokens: 21, output_tokens: 3 });
  });

  it('runs programmed scripts: error bodies, delays, garbage and a mid-stream close', async () => {
    fake.next({ kind: 'json', status: 500, body: openaiError('The server had an error', 'server_error', null) }, 'chat/completions');
    await expect(client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 500 });

    fake.next({ kind: 'json', headersDelayMs: 150, body: { ok: true } });
    const started = Date.now();
    const delayed = await request(`${fake.url}/anything`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(await delayed.body.json()).toEqual({ ok: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);

    fake.next({ kind: 'stream', chunks: [chatChunk({ content: 'a' }), 'data: {not json\n\n', ': ping\n\n', chatChunk({ content: 'b' })], closeAfter: 3, usage: null });
    const cut = await request(`${fake.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [], stream: true }),
    });
    expect(cut.headers['content-type']).toBe('text/event-stream');
    let raw = '';
    await expect(
      (async () => {
        for await (const piece of cut.body) raw += (piece as Buffer).toString();
      })(),
    ).rejects.toThrow();
    expect(raw).toContain('data: {not json');
    expect(raw).toContain(': ping');
    expect(raw).not.toContain('"b"');
    expect(raw).not.toContain('[DONE]');
  });

  it('records a caller that gives up on a hanging upstream', async () => {
    fake.next({ kind: 'hang' });
    const ac = new AbortController();
    const pending = request(`${fake.url}/v1/chat/completions`, { method: 'POST', body: '{}', signal: ac.signal });
    await new Promise((r) => setTimeout(r, 50));
    ac.abort();
    await expect(pending).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.last().clientAborted).toBe(true);

    fake.next({ kind: 'destroy' });
    await expect(request(`${fake.url}/v1/models`)).rejects.toThrow();
  });
});

/** The relay groundwork end to end against the fake: adaptor → wire → SSE parser → usage → quota. */
describe('relay groundwork against the fake upstream', () => {
  const key = 'sk-chan-0123456789abcdefghijkl';
  let fake: FakeOpenAI;

  beforeAll(async () => {
    fake = await new FakeOpenAI({ key, reply: 'One two three four.', promptTokens: 30 }).start();
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  async function send(up: UpstreamRequest) {
    return request(up.url, { method: up.method, headers: { ...up.headers }, body: up.body ?? undefined });
  }

  it('streams through the OpenAI adaptor: usage asked upstream, hidden from the client, billed exactly', async () => {
    const req = parseChatRequest({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'count' }], stream: true, base_url: 'http://evil.invalid' });
    const ctx = { type: 1 as const, baseUrl: fake.url, key, upstreamModel: 'gpt-4o-mini', other: '', organization: '' };
    const res = await send(openaiAdaptor.buildTextRequest(req, ctx));
    expect(res.statusCode).toBe(200);
    const parser = new SseParser();
    const filter = new ClientUsageFilter(req.clientIncludeUsage);
    const counter = new TokenCounter();
    const sent: string[] = [];
    let reported = null;
    let done = false;
    for await (const piece of res.body) {
      for (const ev of parser.push(piece as Buffer)) {
        const step = openaiAdaptor.parseTextStreamEvent(req, ev, ctx);
        counter.push(step.text);
        if (step.usage) reported = step.usage;
        done ||= step.done;
        const out = step.forward ? filter.filter(step.forward.data) : null;
        if (out) sent.push(formatSseEvent(out));
      }
    }
    expect(done).toBe(true);
    expect(fake.last().json).toMatchObject({ stream_options: { include_usage: true } });
    expect(fake.last().json).not.toHaveProperty('base_url');
    expect(sent.join('')).not.toContain('"usage"');
    const settled = settleUsage(reported, { promptTokens: estimatePromptTokens(req), completionTokens: counter.count });
    expect(settled).toMatchObject({ usage: { promptTokens: 30, completionTokens: 4 }, estimatedPrompt: false, estimatedCompletion: false });
    // (30 + 4·4) · 0.075 = 3.45 → 3
    const pricing = { modelPrice: null, modelRatio: 0.075, completionRatio: 4, cacheRatio: 1, cacheCreationRatio: 1.25, imageRatio: 1, audioRatio: 1, audioCompletionRatio: 4, groupRatio: 1 };
    expect(quotaFor(settled.usage, pricing).quota).toBe(3);
  });

  it('estimates when a mid-stream close loses the usage', async () => {
    fake.next({ kind: 'stream', closeAfter: 3 });
    const req = parseChatRequest({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'count' }], stream: true });
    const ctx = { type: 1 as const, baseUrl: fake.url, key, upstreamModel: 'gpt-4o-mini', other: '', organization: '' };
    const res = await send(openaiAdaptor.buildTextRequest(req, ctx));
    const parser = new SseParser();
    const counter = new TokenCounter();
    let reported = null;
    await expect(
      (async () => {
        for await (const piece of res.body) {
          for (const ev of parser.push(piece as Buffer)) {
            const step = openaiAdaptor.parseTextStreamEvent(req, ev, ctx);
            counter.push(step.text);
            reported ??= step.usage;
          }
        }
      })(),
    ).rejects.toThrow();
    // role chunk + "One " + "two " were delivered: the estimate counts what arrived.
    expect(reported).toBeNull();
    expect(counter.count).toBe(2);
  });

  it('speaks Azure through the Azure adaptor and scrubs the echoed key from a 401', async () => {
    const req = parseChatRequest({ model: 'gpt-3.5-turbo', messages: [{ role: 'user', content: 'hi' }] });
    const ctx = { type: 3 as const, baseUrl: fake.url, key, upstreamModel: 'gpt-3.5-turbo', other: '2024-10-21', organization: '' };
    const ok = await send(azureAdaptor.buildTextRequest(req, ctx));
    const parsed = azureAdaptor.parseTextResponse(req, { status: ok.statusCode, headers: {}, text: await ok.body.text(), bytes: 0 }, ctx);
    expect(parsed).toMatchObject({ ok: true, usage: { promptTokens: 30 } });
    expect(fake.last()).toMatchObject({ deployment: 'gpt-35-turbo', query: { 'api-version': '2024-10-21' } });

    const badCtx = { ...ctx, key: 'azure-wrong-key-123456' };
    const bad = await send(azureAdaptor.buildTextRequest(req, badCtx));
    const text = await bad.body.text();
    expect(text).toContain('azure-wrong-key-123456');
    const failure = azureAdaptor.mapError({ status: bad.statusCode, text }, badCtx);
    expect(failure).toMatchObject({ class: 'auth', disableChannel: true, retryable: false });
    expect(failure.message).not.toContain('azure-wrong-key-123456');
  });
});
