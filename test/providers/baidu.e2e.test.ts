import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { FakeBaidu } from '../support/fakes/baidu';
import { anthropicClient, googleClient, streamChat, TERSE_HISTORY } from '../relay/provider-kit';
import { channelStatusBecomes, consumeLogs, createChannel, otherOf, primaryAndBackup, relaySuite, withOption } from '../relay/relay-kit';

const MODEL = 'ERNIE-3.5-8K';
const EMB = 'Embedding-V1';
const AK_A = 'baidu-ak-a-0123456789';
const SK_A = 'baidu-sk-a-abcdefghijklmnop';
const AK_B = 'baidu-ak-b-0123456789';
const SK_B = 'baidu-sk-b-abcdefghijklmnop';
const REPLY = 'Hello from the fake ERNIE.';
/** quota = round((P + C·CR)·MR). */
const MR = 2;
const CR = 3;

/**
 * The official SDKs through the gateway to type-15 (Baidu Wenxin) channels backed by the fake
 * Qianfan API: the AK|SK key exchanged for an access token once and cached, chat by the model's
 * endpoint, SSE streams, `{error_code}` errors in a 200 mapped and classified, embedding-v1.
 */
describe.each(DATABASES)('Baidu channels (type 15) (%s)', (kind) => {
  const ctx = relaySuite(kind, (s) => primaryAndBackup(s, 15, 'baidu', { ModelRatio: { [MODEL]: MR, [EMB]: MR, 'ernie-dead': MR }, CompletionRatio: { [MODEL]: CR } }, { fake: new FakeBaidu({ apiKey: AK_A, secretKey: SK_A }), key: `${AK_A}|${SK_A}`, models: `${MODEL},${EMB}` }, { fake: new FakeBaidu({ apiKey: AK_B, secretKey: SK_B, reply: 'ERNIE B here.' }), key: `${AK_B}|${SK_B}`, models: MODEL }));

  const chatCalls = (f: FakeBaidu) => f.requests.filter((r) => r.path.includes('/wenxinworkshop/chat/'));

  it('chat with a system prompt and history: token exchanged, the model\'s endpoint, system and sampling by Baidu\'s names, usage billed once by hand', async () => {
    const { value: answer, log } = await ctx.chargedCall(() =>
      ctx.openai.chat.completions.create({
        model: MODEL,
        max_tokens: 40,
        temperature: 0.2,
        top_p: 0.8,
        messages: TERSE_HISTORY,
      }),
    );
    expect(answer.choices[0]?.message.content).toBe(REPLY);
    expect(answer.choices[0]?.finish_reason).toBe('stop');
    // 3 + 1 + 1 + 3 = 8 prompt words, 5 reply words.
    expect(answer.usage).toMatchObject({ prompt_tokens: 8, completion_tokens: 5, total_tokens: 13 });
    const up = chatCalls(ctx.A).at(-1)!;
    expect(up.path).toBe('/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions');
    expect(ctx.A.issued).toContain(up.query.get('access_token'));
    expect(up.json).toEqual({
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello.' },
        { role: 'user', content: 'Say more please' },
      ],
      system: 'You are terse.',
      max_output_tokens: 40,
      temperature: 0.2,
      top_p: 0.8,
    });
    // (8 + 5·3)·2 = 46
    expect(log).toMatchObject({ prompt_tokens: 8, completion_tokens: 5, quota: 46, model_name: MODEL, channel: ctx.aId, is_stream: false });
    expect(otherOf(log)).toMatchObject({ model_ratio: MR, completion_ratio: CR });
    const token = up.query.get('access_token')!;
    expect(JSON.stringify(answer)).not.toContain(token);
    expect(JSON.stringify(log)).not.toContain(token);
    expect(JSON.stringify(log)).not.toContain(SK_A);
  });

  it('the access token is cached: later calls exchange nothing', async () => {
    await ctx.ask(MODEL);
    await ctx.ask(MODEL);
    expect(ctx.A.exchanges()).toHaveLength(0);
    expect(chatCalls(ctx.A)).toHaveLength(2);
  });

  it('a stream: SSE chunks converted, the usage chunk for a client that asked (cumulative total), billed once', async () => {
    const { value: read, log } = await ctx.chargedCall(() => streamChat(ctx.openai, { model: MODEL, messages: [{ role: 'user', content: 'Say hello' }], stream_options: { include_usage: true } }));
    expect(read.text).toBe(REPLY);
    expect(read.finish).toBe('stop');
    expect(read.usage).toMatchObject({ prompt_tokens: 2, completion_tokens: 5 });
    expect(chatCalls(ctx.A).at(-1)?.json).toMatchObject({ stream: true });
    // (2 + 5·3)·2 = 34
    expect(log).toMatchObject({ prompt_tokens: 2, completion_tokens: 5, quota: 34, is_stream: true });
  });

  it('error 111 (token expired) fails over to the next channel, and the next call on the channel exchanges a fresh token', async () => {
    ctx.A.expireTokens();
    const { value: res, log } = await ctx.chargedCall(() => ctx.ask(MODEL));
    expect(res.choices[0]?.message.content).toBe('ERNIE B here.');
    expect(log.channel).toBe(ctx.bId);
    ctx.A.reset();
    const again = await ctx.ask(MODEL);
    expect(again.choices[0]?.message.content).toBe(REPLY);
    expect(ctx.A.exchanges()).toHaveLength(1);
  });

  it('error 18 (QPS limit) in a 200 is retried on another channel; one consume log on the channel that served', async () => {
    ctx.A.next({ kind: 'error', code: 18, message: 'Open api qps request limit reached' });
    const { value: res, log } = await ctx.chargedCall(() => ctx.ask(MODEL));
    expect(res.choices[0]?.message.content).toBe('ERNIE B here.');
    expect(chatCalls(ctx.B)).toHaveLength(1);
    expect(log.channel).toBe(ctx.bId);
    expect(otherOf(log).admin_info).toEqual({ use_channel: [ctx.aId, ctx.bId] });
  });

  it('a bad parameter error is a BadRequestError with Baidu\'s message and code, not retried, not charged', async () => {
    await ctx.notCharged(async () => {
      ctx.A.next({ kind: 'error', code: 336003, message: 'the max_output_tokens can not be greater than 2048' });
      const err = await ctx.ask(MODEL, 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err).toMatchObject({ status: 400, code: '336003', message: expect.stringContaining('max_output_tokens') });
      expect(chatCalls(ctx.B)).toHaveLength(0);
    });
  });

  it('a key the token endpoint refuses is an AuthenticationError without the secret and auto-disables the channel', async () => {
    await withOption(ctx.kit.root, 'AutomaticDisableChannelEnabled', 'true', 'false', async () => {
      const id = await createChannel(ctx.kit.root, { name: 'baidu-dead', type: 15, key: `${AK_A}|wrong-secret-0123456789`, base_url: ctx.A.url, models: 'ernie-dead' });
      const err = await ctx.ask('ernie-dead', 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
      expect(JSON.stringify(err)).not.toContain('wrong-secret');
      expect(String((err as Error).message)).not.toContain('wrong-secret');
      expect(await channelStatusBecomes(ctx.kit.root, id, 3)).toBe(3);
    });
  });

  it.each([
    [15, 'only-one-part', 'APIKey|SecretKey'],
    [16, 'no-dot-in-this-key', 'id.secret'],
    [23, 'app|secret-id-only', 'AppId|SecretId|SecretKey'],
  ])('a type-%i key in the wrong format is refused at save, naming the expected format', async (type, key, format) => {
    const res = await ctx.kit.root.post('/api/channel/', { name: 'bad-format', type, group: 'default', key, base_url: ctx.A.url, models: MODEL });
    expect(res.body).toMatchObject({ success: false });
    expect(String(res.body.message)).toContain(format);
  });

  it('the channel test button goes through the same cached token (no new exchange) and succeeds', async () => {
    const before = ctx.A.issued.length;
    const res = await ctx.kit.root.get(`/api/channel/test/${ctx.aId}`).expect(200);
    expect(res.body).toMatchObject({ success: true });
    expect(chatCalls(ctx.A).at(-1)?.path).toBe('/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions');
    expect(ctx.A.issued.length).toBe(before);
  });

  it('embeddings go to embedding-v1 and answer an OpenAI list, billed by Baidu\'s prompt tokens', async () => {
    // The SDK asks for base64 by default and decodes it; float asked explicitly comes as numbers.
    const { value: res, log } = await ctx.chargedCall(() => ctx.openai.embeddings.create({ model: EMB, input: ['hello world', 'a third text'] }));
    expect(res.data.map((d) => d.embedding)).toEqual([
      [0.5, 0.25, 0.125],
      [1.5, 0.25, 0.125],
    ]);
    const floats = await ctx.openai.embeddings.create({ model: EMB, input: 'hello', encoding_format: 'float' });
    expect(floats.data[0]?.embedding).toEqual([0.5, 0.25, 0.125]);
    expect(res.usage).toMatchObject({ prompt_tokens: 5, total_tokens: 5 });
    const up = ctx.A.requests.find((r) => r.path.includes('/embeddings/'))!;
    expect(up.path).toBe('/rpc/2.0/ai_custom/v1/wenxinworkshop/embeddings/embedding-v1');
    expect(up.json).toEqual({ input: ['hello world', 'a third text'] });
    expect(log).toMatchObject({ prompt_tokens: 5, quota: 10, model_name: EMB });
  });

  it('an Anthropic Messages request (system as Baidu\'s system) and a Gemini request reach ERNIE and are billed once each', async () => {
    const anthropic = anthropicClient(ctx.kit, ctx.token.key);
    const { value: m, log } = await ctx.chargedCall(() => anthropic.messages.create({ model: MODEL, max_tokens: 64, system: 'Be brief.', messages: [{ role: 'user', content: 'Say hello' }] }));
    expect(m.content).toEqual([{ type: 'text', text: REPLY }]);
    expect(chatCalls(ctx.A).at(-1)?.json).toEqual({ messages: [{ role: 'user', content: 'Say hello' }], system: 'Be brief.', max_output_tokens: 64 });
    // (4 + 5·3)·2 = 38
    expect(log).toMatchObject({ prompt_tokens: 4, completion_tokens: 5, quota: 38 });

    const ai = googleClient(ctx.kit, ctx.token.key);
    const { value: r, log: glog } = await ctx.chargedCall(() => ai.models.generateContentStream({ model: MODEL, contents: 'Say hello', config: { systemInstruction: 'Be brief.' } }).then(async (s) => {
      let text = '';
      for await (const c of s) text += c.text ?? '';
      return text;
    }));
    expect(r).toBe(REPLY);
    expect(glog).toMatchObject({ prompt_tokens: 4, completion_tokens: 5, quota: 38, is_stream: true });
    expect((await consumeLogs(ctx.kit.root, ctx.user.username)).every((l) => !JSON.stringify(l).includes(SK_A))).toBe(true);
  });
});
