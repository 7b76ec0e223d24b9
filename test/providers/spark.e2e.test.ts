import OpenAI from 'openai';
import WebSocket from 'ws';
import { DATABASES } from '../support/env';
import { FakeSpark, sparkDocSignature } from '../support/fakes/spark';
import { anthropicClient, googleClient, readBrokenChat, streamChat, TERSE_HISTORY } from '../relay/provider-kit';
import { channelStatusBecomes, createChannel, otherOf, primaryAndBackup, relaySuite, setOptions, withOption } from '../relay/relay-kit';

const MODEL = 'SparkDesk-v3.5';
const PRO = 'spark-pro';
const APP_A = 'a1b2c3d4';
const KEY_A = 'sparkApiKeyA0123456789abcdef0123';
const SECRET_A = 'c3BhcmtTZWNyZXRBMDEyMzQ1Njc4OWFi';
const APP_B = 'e5f6a7b8';
const KEY_B = 'sparkApiKeyB0123456789abcdef0123';
const SECRET_B = 'c3BhcmtTZWNyZXRCMDEyMzQ1Njc4OWFi';
const REPLY = 'Hello from the fake Spark.';
const MR = 2;
const CR = 3;
/** Prompt estimate of [{role:'user', content:'hi'}]: 3 priming + 3 per message + "user" 1 + "hi" 1. */
const PROMPT_HI = 8;

/** Opens a socket on the fake with a URL signed by hand (the fake's own check, not the gateway's). */
function handshake(fake: FakeSpark, path: string, date: string, secret: string): Promise<{ status: number; body: string }> {
  const host = new URL(fake.url).host;
  const origin = `api_key="${KEY_A}", algorithm="hmac-sha256", headers="host date request-line", signature="${sparkDocSignature(secret, host, date, path)}"`;
  const q = new URLSearchParams({ authorization: Buffer.from(origin).toString('base64'), date, host });
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${fake.url.replace(/^http/, 'ws')}${path}?${q.toString()}`);
    ws.once('open', () => {
      ws.close();
      resolve({ status: 101, body: '' });
    });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.once('error', reject);
  });
}

/**
 * The official SDKs through the gateway to type-18 (iFlytek Spark) channels backed by a loopback
 * Spark WebSocket endpoint that verifies the signed URL as documented: one socket per call on the
 * version's path, the request frame converted from the client's chat, the answer's frames streamed
 * or collected, `payload.usage.text` billed, error frames classified.
 */
describe.each(DATABASES)('Spark channels (type 18) (%s)', (kind) => {
  const ctx = relaySuite(kind, (s) => primaryAndBackup(s, 18, 'spark', { ModelRatio: { [MODEL]: MR, [PRO]: MR, 'spark-dead': MR }, CompletionRatio: { [MODEL]: CR, [PRO]: CR } }, { fake: new FakeSpark({ appId: APP_A, apiKey: KEY_A, apiSecret: SECRET_A }), key: `${APP_A}|${SECRET_A}|${KEY_A}`, models: `${MODEL},${PRO}`, other: 'v3.1' }, { fake: new FakeSpark({ appId: APP_B, apiKey: KEY_B, apiSecret: SECRET_B, reply: 'Spark B here.' }), key: `${APP_B}|${SECRET_B}|${KEY_B}`, models: MODEL }));

  it("the fake's URL check: the documentation's worked example, a fresh signature accepted, a stale date and a wrong secret refused", async () => {
    expect(sparkDocSignature('MjlmNzkzNmZkMDQ2OTc0ZDdmNGE2ZTZi', 'spark-api.xf-yun.com', 'Fri, 05 May 2023 10:43:39 GMT', '/v1.1/chat')).toBe('z5gHdu3pxVV4ADMyk467wOWDQ9q6BQzR3nfMTjc/DaQ=');
    expect(await handshake(ctx.A, '/v3.5/chat', new Date().toUTCString(), SECRET_A)).toEqual({ status: 101, body: '' });
    expect(await handshake(ctx.A, '/v3.5/chat', new Date(Date.now() - 301_000).toUTCString(), SECRET_A)).toEqual({
      status: 403,
      body: '{"message":"HMAC signature cannot be verified, a valid date or x-date header is required for HMAC Authentication"}',
    });
    expect(await handshake(ctx.A, '/v3.5/chat', new Date().toUTCString(), SECRET_B)).toEqual({ status: 401, body: '{"message":"HMAC signature does not match"}' });
  });

  it('a whole answer: a signed socket on /v3.5/chat, system and history as Spark messages, sampling mapped, usage billed once by hand', async () => {
    const { value: answer, log } = await ctx.chargedCall(() =>
      ctx.openai.chat.completions.create({
        model: MODEL,
        max_tokens: 40,
        temperature: 0.2,
        messages: TERSE_HISTORY,
      }),
    );
    expect(answer.choices[0]?.message.content).toBe(REPLY);
    expect(answer.choices[0]?.finish_reason).toBe('stop');
    expect(answer.usage).toMatchObject({ prompt_tokens: 8, completion_tokens: 5, total_tokens: 13 });
    const up = ctx.A.last();
    // The model's version wins over the channel's `other` (v3.1); the fake verified the signature.
    expect(up.path).toBe('/v3.5/chat');
    expect(up.query).toEqual({ authorization: expect.any(String), date: expect.stringMatching(/ GMT$/), host: new URL(ctx.A.url).host });
    expect(up.frame).toEqual({
      header: { app_id: APP_A },
      parameter: { chat: { domain: 'generalv3.5', temperature: 0.2, max_tokens: 40 } },
      payload: {
        message: {
          text: [
            { role: 'system', content: 'You are terse.' },
            { role: 'user', content: 'Hi' },
            { role: 'assistant', content: 'Hello.' },
            { role: 'user', content: 'Say more please' },
          ],
        },
      },
    });
    // (8 + 5·3)·2 = 46
    expect(log).toMatchObject({ prompt_tokens: 8, completion_tokens: 5, quota: 46, model_name: MODEL, channel: ctx.aId, is_stream: false });
    expect(otherOf(log)).toMatchObject({ model_ratio: MR, completion_ratio: CR });
    for (const secret of [SECRET_A, KEY_A, up.query.authorization ?? 'none']) {
      expect(JSON.stringify(answer)).not.toContain(secret);
      expect(JSON.stringify(log)).not.toContain(secret);
    }
  });

  it('a stream: one frame a chunk, the usage chunk for a client that asked, billed once from the last frame', async () => {
    const { value: read, log } = await ctx.chargedCall(() => streamChat(ctx.openai, { model: MODEL, messages: [{ role: 'user', content: 'Say hello' }], stream_options: { include_usage: true } }));
    expect(read.text).toBe(REPLY);
    expect(read.finish).toBe('stop');
    expect(read.usage).toMatchObject({ prompt_tokens: 2, completion_tokens: 5 });
    expect(ctx.A.last().frame).toMatchObject({ parameter: { chat: { domain: 'generalv3.5' } } });
    // (2 + 5·3)·2 = 34
    expect(log).toMatchObject({ prompt_tokens: 2, completion_tokens: 5, quota: 34, is_stream: true });
  });

  it("a model without a version in its name goes to the channel's version (v3.1, Spark Pro), the system text opening the first user turn", async () => {
    const { value: answer, log } = await ctx.chargedCall(() =>
      ctx.openai.chat.completions.create({ model: PRO, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi there' }] }),
    );
    expect(answer.choices[0]?.message.content).toBe(REPLY);
    expect(ctx.A.last().path).toBe('/v3.1/chat');
    expect(ctx.A.last().frame).toMatchObject({ parameter: { chat: { domain: 'generalv3' } }, payload: { message: { text: [{ role: 'user', content: 'Be brief.\n\nHi there' }] } } });
    // 4 prompt words, 5 reply words: (4 + 5·3)·2 = 38
    expect(log).toMatchObject({ prompt_tokens: 4, completion_tokens: 5, quota: 38 });
  });

  it('the channel test button opens a signed socket that verifies', async () => {
    const res = await ctx.kit.root.get(`/api/channel/test/${ctx.aId}`).expect(200);
    expect(res.body).toMatchObject({ success: true });
    expect(ctx.A.requests).toHaveLength(1);
    expect(ctx.A.refused).toEqual([]);
  });

  it('an error frame is an OpenAI-format error with the provider message and code, not retried, not charged', async () => {
    await ctx.notCharged(async () => {
      ctx.A.next({ kind: 'error', code: 10013, message: 'The input content is not compliant' });
      const err = await ctx.ask(MODEL, 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err).toMatchObject({ status: 400, code: '10013', type: 'spark_error', message: expect.stringContaining('The input content is not compliant') });
      expect(ctx.B.requests).toHaveLength(0);
    });
    // The raw answer is OpenAI's error shape.
    ctx.A.next({ kind: 'error', code: 10013, message: 'The input content is not compliant' });
    const raw = await ctx.post('/v1/chat/completions', { model: MODEL, messages: [{ role: 'user', content: 'x' }] });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ error: { message: expect.stringContaining('The input content is not compliant'), type: 'spark_error', param: null, code: '10013' } });
  });

  it('a stream whose first frame is an error fails before anything is sent: an SDK error, nothing charged', async () => {
    await ctx.notCharged(async () => {
      ctx.A.next({ kind: 'error', code: 10907, message: 'token count exceeds the limit' });
      const err = await streamChat(ctx.openai, { model: MODEL, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err).toMatchObject({ code: '10907' });
    });
  });

  it('a rate-limit frame (11202) fails over to the next channel; one consume log on the channel that served', async () => {
    ctx.A.next({ kind: 'error', code: 11202, message: 'AppIdQpsOverFlowError' });
    const { value: res, log } = await ctx.chargedCall(() => ctx.ask(MODEL));
    expect(res.choices[0]?.message.content).toBe('Spark B here.');
    expect(log.channel).toBe(ctx.bId);
    expect(otherOf(log).admin_info).toEqual({ use_channel: [ctx.aId, ctx.bId] });
  });

  it('a stream the provider closes before its last frame is reported as interrupted and billed for what arrived', async () => {
    ctx.A.next({ kind: 'close-early', text: REPLY });
    let text = '';
    const log = await ctx.charged(async () => {
      const read = await readBrokenChat(await ctx.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true }));
      expect(read.error.message).toMatch(/上游数据流意外中断/);
      text = read.text;
    });
    expect(text).toBe('Hello from the fake ');
    // Prompt estimate 8 + "Hello from the fake " (4 tokens): (8 + 4·3)·2 = 40
    expect(log).toMatchObject({ prompt_tokens: PROMPT_HI, completion_tokens: 4, quota: 40, is_stream: true });
    expect(otherOf(log).billing_source).toBe('delivered');
    expect(ctx.B.requests).toHaveLength(0);
  });

  it('a client gone mid-stream: the drain reads on to the last frame, whose usage is charged', async () => {
    const reply = 'one two three four five six seven eight';
    ctx.A.next({ kind: 'reply', text: reply, delayMs: 60 });
    const log = await ctx.charged(async () => {
      const ac = new AbortController();
      const s = await ctx.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'count to eight' }], stream: true }, { signal: ac.signal });
      let pieces = 0;
      for await (const c of s) {
        if (c.choices[0]?.delta.content) pieces += 1;
        if (pieces === 2) {
          ac.abort();
          break;
        }
      }
      expect(pieces).toBe(2);
    });
    // The provider's figures from the last frame: 3 prompt words, 8 reply words: (3 + 8·3)·2 = 54
    expect(log).toMatchObject({ prompt_tokens: 3, completion_tokens: 8, quota: 54, is_stream: true });
    expect(otherOf(log).billing_source).toBe('usage');
  });

  it('a wrong APISecret fails the URL signature: a 401 AuthenticationError without any secret, and the channel auto-disabled', async () => {
    await withOption(ctx.kit.root, 'AutomaticDisableChannelEnabled', 'true', 'false', async () => {
      const wrong = 'd3JvbmdTZWNyZXQwMTIzNDU2Nzg5YWJj';
      const id = await createChannel(ctx.kit.root, { name: 'spark-dead', type: 18, key: `${APP_A}|${wrong}|${KEY_A}`, base_url: ctx.A.url, models: 'spark-dead' });
      const err = await ctx.ask('spark-dead', 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
      expect(err).toMatchObject({ status: 401, message: expect.stringContaining('HMAC signature does not match') });
      for (const secret of [wrong, KEY_A]) expect(JSON.stringify(err)).not.toContain(secret);
      expect(ctx.A.refused).toEqual(['HMAC signature does not match']);
      expect(await channelStatusBecomes(ctx.kit.root, id, 3)).toBe(3);
    });
  });

  it('a key that is not APPID|APISecret|APIKey is refused when the channel is saved, naming the format', async () => {
    const res = await ctx.kit.root.post('/api/channel/', { name: 'spark-bad-key', type: 18, key: `${APP_A}|${SECRET_A}`, base_url: ctx.A.url, models: MODEL, group: 'default' });
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining('APPID|APISecret|APIKey') });
  });

  it('an Anthropic Messages stream and a Gemini request reach Spark and are billed once each', async () => {
    const anthropic = anthropicClient(ctx.kit, ctx.token.key);
    let text = '';
    const log = await ctx.charged(async () => {
      const s = anthropic.messages.stream({ model: MODEL, max_tokens: 64, system: 'Be brief.', messages: [{ role: 'user', content: 'Say hello' }] });
      s.on('text', (t) => (text += t));
      const final = await s.finalMessage();
      expect(final.usage).toMatchObject({ input_tokens: 4, output_tokens: 5 });
    });
    expect(text).toBe(REPLY);
    expect(ctx.A.last().frame).toMatchObject({ parameter: { chat: { domain: 'generalv3.5', max_tokens: 64 } }, payload: { message: { text: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Say hello' }] } } });
    // (4 + 5·3)·2 = 38
    expect(log).toMatchObject({ prompt_tokens: 4, completion_tokens: 5, quota: 38, is_stream: true });

    const ai = googleClient(ctx.kit, ctx.token.key);
    const { value: r, log: glog } = await ctx.chargedCall(() => ai.models.generateContent({ model: MODEL, contents: 'Say hello', config: { systemInstruction: 'Be brief.' } }));
    expect(r.text).toBe(REPLY);
    expect(glog).toMatchObject({ prompt_tokens: 4, completion_tokens: 5, quota: 38, is_stream: false });
  });
});

/** The frame bound (STREAM_SCANNER_MAX_BUFFER_MB, 1 MiB here) and answers that break Spark's schema. */
describe('Spark frames over the bound or off the schema (sqlite)', () => {
  const ctx = relaySuite(
    'sqlite',
    async (s) => {
      const A = await s.fake(new FakeSpark({ appId: APP_A, apiKey: KEY_A, apiSecret: SECRET_A }));
      await setOptions(s.kit.root, { ModelRatio: { [MODEL]: MR }, CompletionRatio: { [MODEL]: CR } });
      const aId = await createChannel(s.kit.root, { name: 'spark-bound', type: 18, key: `${APP_A}|${SECRET_A}|${KEY_A}`, base_url: A.url, models: MODEL });
      return { A, aId };
    },
    { app: { env: { STREAM_SCANNER_MAX_BUFFER_MB: '1' } } },
  );

  it('a frame over the bound ends the stream with an error event; what arrived before it is billed', async () => {
    ctx.A.next({ kind: 'oversized', text: REPLY, bytes: 1024 * 1024 + 1 });
    let text = '';
    const log = await ctx.charged(async () => {
      const read = await readBrokenChat(await ctx.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true }));
      expect(read.error.message).toMatch(/上游数据流意外中断/);
      text = read.text;
    });
    expect(text).toBe('Hello ');
    // Prompt estimate 8 + "Hello " (1 token): (8 + 1·3)·2 = 22
    expect(log).toMatchObject({ prompt_tokens: PROMPT_HI, completion_tokens: 1, quota: 22, is_stream: true });
    expect(otherOf(log).billing_source).toBe('delivered');
  });

  it("frames that are not Spark's are a 502 in OpenAI's shape, nothing charged", async () => {
    await ctx.notCharged(async () => {
      ctx.A.next({ kind: 'garbage' });
      const res = await ctx.post('/v1/chat/completions', { model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ error: { type: expect.any(String), message: expect.any(String) } });
    });
  });
});
