import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { FakeHunyuan } from '../support/fakes/hunyuan';
import { anthropicClient, googleClient, streamChat, TERSE_HISTORY } from '../relay/provider-kit';
import { channelStatusBecomes, createChannel, otherOf, primaryAndBackup, relaySuite, withOption } from '../relay/relay-kit';

const MODEL = 'hunyuan-lite';
const ID_A = 'AKIDfakeHunyuanA0123456789';
const SK_A = 'fakeHunyuanSecretKeyA0123456789';
const ID_B = 'AKIDfakeHunyuanB0123456789';
const SK_B = 'fakeHunyuanSecretKeyB0123456789';
const REPLY = 'Hello from the fake Hunyuan.';
const MR = 2;
const CR = 3;

/**
 * The official SDKs through the gateway to type-23 (Tencent Hunyuan) channels backed by a fake
 * Tencent Cloud endpoint that verifies TC3-HMAC-SHA256 signatures: ChatCompletions 2023-09-01,
 * the system prompt as a system message, SSE streams with usage, `Response.Error` classified.
 */
describe.each(DATABASES)('Hunyuan channels (type 23) (%s)', (kind) => {
  const ctx = relaySuite(kind, (s) => primaryAndBackup(s, 23, 'hunyuan', { ModelRatio: { [MODEL]: MR, 'hunyuan-dead': MR }, CompletionRatio: { [MODEL]: CR } }, { fake: new FakeHunyuan({ secretId: ID_A, secretKey: SK_A }), key: `1250000000|${ID_A}|${SK_A}`, models: MODEL }, { fake: new FakeHunyuan({ secretId: ID_B, secretKey: SK_B, reply: 'Hunyuan B here.' }), key: `1250000001|${ID_B}|${SK_B}`, models: MODEL }));

  it('a signed ChatCompletions call: system and history as Messages, sampling mapped, usage billed once by hand', async () => {
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
    expect(answer.usage).toMatchObject({ prompt_tokens: 8, completion_tokens: 5, total_tokens: 13 });
    const up = ctx.A.last();
    expect(up.headers['x-tc-action']).toBe('ChatCompletions');
    expect(up.headers['x-tc-version']).toBe('2023-09-01');
    expect(up.headers.authorization).toMatch(new RegExp(`^TC3-HMAC-SHA256 Credential=${ID_A}/\\d{4}-\\d{2}-\\d{2}/hunyuan/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$`));
    // max_tokens has no ChatCompletions parameter: not sent.
    expect(up.json).toEqual({
      Model: MODEL,
      Messages: [
        { Role: 'system', Content: 'You are terse.' },
        { Role: 'user', Content: 'Hi' },
        { Role: 'assistant', Content: 'Hello.' },
        { Role: 'user', Content: 'Say more please' },
      ],
      Temperature: 0.2,
      TopP: 0.8,
    });
    // (8 + 5·3)·2 = 46
    expect(log).toMatchObject({ prompt_tokens: 8, completion_tokens: 5, quota: 46, model_name: MODEL, channel: ctx.aId, is_stream: false });
    expect(otherOf(log)).toMatchObject({ model_ratio: MR, completion_ratio: CR });
    const signature = /Signature=([0-9a-f]+)/.exec(String(up.headers.authorization))?.[1] ?? 'none';
    for (const secret of [SK_A, signature]) {
      expect(JSON.stringify(answer)).not.toContain(secret);
      expect(JSON.stringify(log)).not.toContain(secret);
    }
  });

  it('a stream: SSE chunks converted, the usage chunk for a client that asked, billed once', async () => {
    const { value: read, log } = await ctx.chargedCall(() => streamChat(ctx.openai, { model: MODEL, messages: [{ role: 'user', content: 'Say hello' }], stream_options: { include_usage: true } }));
    expect(read.text).toBe(REPLY);
    expect(read.finish).toBe('stop');
    expect(read.usage).toMatchObject({ prompt_tokens: 2, completion_tokens: 5 });
    expect(ctx.A.last().json).toMatchObject({ Stream: true });
    // (2 + 5·3)·2 = 34
    expect(log).toMatchObject({ prompt_tokens: 2, completion_tokens: 5, quota: 34, is_stream: true });
  });

  it('the channel test button sends a signed call that verifies', async () => {
    const res = await ctx.kit.root.get(`/api/channel/test/${ctx.aId}`).expect(200);
    expect(res.body).toMatchObject({ success: true });
    expect(ctx.A.last().headers.authorization).toMatch(/^TC3-HMAC-SHA256 /);
  });

  it('RequestLimitExceeded fails over to the next channel; one consume log on the channel that served', async () => {
    ctx.A.next({ kind: 'error', code: 'RequestLimitExceeded', message: 'Your current request rate has exceeded the limit.' });
    const { value: res, log } = await ctx.chargedCall(() => ctx.ask(MODEL));
    expect(res.choices[0]?.message.content).toBe('Hunyuan B here.');
    expect(log.channel).toBe(ctx.bId);
    expect(otherOf(log).admin_info).toEqual({ use_channel: [ctx.aId, ctx.bId] });
  });

  it('an InvalidParameter error is a BadRequestError with the code, not retried, not charged', async () => {
    await ctx.notCharged(async () => {
      ctx.A.next({ kind: 'error', code: 'InvalidParameterValue.Model', message: 'The model does not exist.' });
      const err = await ctx.ask(MODEL, 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err).toMatchObject({ status: 400, code: 'InvalidParameterValue.Model', message: expect.stringContaining('does not exist') });
      expect(ctx.B.requests).toHaveLength(0);
    });
  });

  it('a wrong SecretKey fails the signature check: an AuthenticationError without the key, and the channel auto-disabled', async () => {
    await withOption(ctx.kit.root, 'AutomaticDisableChannelEnabled', 'true', 'false', async () => {
      const id = await createChannel(ctx.kit.root, { name: 'hunyuan-dead', type: 23, key: `1250000000|${ID_A}|wrongSecretKey0123456789`, base_url: ctx.A.url, models: 'hunyuan-dead' });
      const err = await ctx.ask('hunyuan-dead', 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
      expect(err).toMatchObject({ code: 'AuthFailure.SignatureFailure' });
      expect(JSON.stringify(err)).not.toContain('wrongSecretKey');
      expect(await channelStatusBecomes(ctx.kit.root, id, 3)).toBe(3);
    });
  });

  it('an Anthropic Messages stream and a Gemini request reach Hunyuan signed and are billed once each', async () => {
    const anthropic = anthropicClient(ctx.kit, ctx.token.key);
    let text = '';
    const log = await ctx.charged(async () => {
      const s = anthropic.messages.stream({ model: MODEL, max_tokens: 64, system: 'Be brief.', messages: [{ role: 'user', content: 'Say hello' }] });
      s.on('text', (t) => (text += t));
      const final = await s.finalMessage();
      expect(final.usage).toMatchObject({ input_tokens: 4, output_tokens: 5 });
    });
    expect(text).toBe(REPLY);
    expect(ctx.A.last().json).toEqual({ Model: MODEL, Messages: [{ Role: 'system', Content: 'Be brief.' }, { Role: 'user', Content: 'Say hello' }], Stream: true });
    // (4 + 5·3)·2 = 38
    expect(log).toMatchObject({ prompt_tokens: 4, completion_tokens: 5, quota: 38, is_stream: true });

    const ai = googleClient(ctx.kit, ctx.token.key);
    const { value: r, log: glog } = await ctx.chargedCall(() => ai.models.generateContent({ model: MODEL, contents: 'Say hello', config: { systemInstruction: 'Be brief.' } }));
    expect(r.text).toBe(REPLY);
    expect(glog).toMatchObject({ prompt_tokens: 4, completion_tokens: 5, quota: 38, is_stream: false });
  });
});
