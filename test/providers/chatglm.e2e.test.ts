import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { FakeChatGLM } from '../support/fakes/chatglm';
import { anthropicClient, readMessageStream, streamChat, TERSE_HISTORY } from '../relay/provider-kit';
import { channelStatusBecomes, createChannel, otherOf, primaryAndBackup, relaySuite, withOption } from '../relay/relay-kit';

const MODEL = 'chatglm_turbo';
const KEY_A = 'fakeglmida0123.fakeglmsecretA0123456789';
const KEY_B = 'fakeglmidb0123.fakeglmsecretB0123456789';
const REPLY = 'Hello from the fake ChatGLM.';
const MR = 2;
const CR = 3;

/**
 * The official SDKs through the gateway to type-16 (Zhipu ChatGLM v3) channels backed by a fake
 * that verifies the HS256 JWT (sign_type SIGN) minted from the `id.secret` key.
 */
describe.each(DATABASES)('ChatGLM channels (type 16) (%s)', (kind) => {
  const ctx = relaySuite(kind, (s) => primaryAndBackup(s, 16, 'glm', { ModelRatio: { [MODEL]: MR, 'glm-dead': MR }, CompletionRatio: { [MODEL]: CR } }, { fake: new FakeChatGLM({ id: 'fakeglmida0123', secret: 'fakeglmsecretA0123456789' }), key: KEY_A, models: MODEL }, { fake: new FakeChatGLM({ id: 'fakeglmidb0123', secret: 'fakeglmsecretB0123456789', reply: 'ChatGLM B here.' }), key: KEY_B, models: MODEL }));

  it('invoke with a verified JWT: the system prompt leads the first user turn, history and sampling mapped, usage billed once by hand', async () => {
    const { value: answer, log } = await ctx.chargedCall(() =>
      ctx.openai.chat.completions.create({
        model: MODEL,
        temperature: 0.2,
        top_p: 0.8,
        messages: TERSE_HISTORY,
      }),
    );
    expect(answer.choices[0]?.message.content).toBe(REPLY);
    expect(answer.usage).toMatchObject({ prompt_tokens: 8, completion_tokens: 5, total_tokens: 13 });
    const up = ctx.A.last();
    expect(up.path).toBe(`/api/paas/v3/model-api/${MODEL}/invoke`);
    expect(up.claims).toMatchObject({ api_key: 'fakeglmida0123' });
    expect(up.json).toEqual({
      prompt: [
        { role: 'user', content: 'You are terse.\nHi' },
        { role: 'assistant', content: 'Hello.' },
        { role: 'user', content: 'Say more please' },
      ],
      temperature: 0.2,
      top_p: 0.8,
    });
    // (8 + 5·3)·2 = 46
    expect(log).toMatchObject({ prompt_tokens: 8, completion_tokens: 5, quota: 46, channel: ctx.aId, is_stream: false });
    expect(otherOf(log)).toMatchObject({ model_ratio: MR, completion_ratio: CR });
    for (const secret of ['fakeglmsecretA0123456789', String(up.headers.authorization)]) {
      expect(JSON.stringify(answer)).not.toContain(secret);
      expect(JSON.stringify(log)).not.toContain(secret);
    }
  });

  it('the JWT is cached: later calls present the same token', async () => {
    await ctx.ask(MODEL);
    await ctx.ask(MODEL);
    expect(new Set(ctx.A.requests.map((r) => r.headers.authorization)).size).toBe(1);
  });

  it('sse-invoke: add events become chunks as they come; the finish event\'s meta usage is the final usage chunk and is billed once by hand', async () => {
    const { value: read, log } = await ctx.chargedCall(() => streamChat(ctx.openai, { model: MODEL, messages: [{ role: 'user', content: 'Say hello' }], stream_options: { include_usage: true } }));
    expect(read.text).toBe(REPLY);
    expect(read.finish).toBe('stop');
    expect(ctx.A.last().path).toBe(`/api/paas/v3/model-api/${MODEL}/sse-invoke`);
    expect(ctx.A.last().json).toMatchObject({ incremental: true });
    // One chunk per `add` event.
    expect(read.chunks.map((c) => c.choices[0]?.delta.content ?? '').filter((t) => t !== '')).toEqual(['Hello ', 'from ', 'the ', 'fake ', 'ChatGLM.']);
    // The fake's meta usage (2 prompt words, 5 reply words), not the relay's estimate.
    const last = read.chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toMatchObject({ prompt_tokens: 2, completion_tokens: 5, total_tokens: 7 });
    // (2 + 5·3)·2 = 34
    expect(log).toMatchObject({ prompt_tokens: 2, completion_tokens: 5, quota: 34, is_stream: true, channel: ctx.aId });
  });

  it('a finish event with meta and no data line still ends the stream with its usage', async () => {
    ctx.A.next({ kind: 'finish-without-data' });
    const { value: read, log } = await ctx.chargedCall(() => streamChat(ctx.openai, { model: MODEL, messages: [{ role: 'user', content: 'Say hello please' }], stream_options: { include_usage: true } }));
    expect(read.text).toBe(REPLY);
    expect(read.usage).toMatchObject({ prompt_tokens: 3, completion_tokens: 5 });
    // (3 + 5·3)·2 = 36
    expect(log).toMatchObject({ prompt_tokens: 3, completion_tokens: 5, quota: 36, is_stream: true });
  });

  it('an Anthropic Messages stream to ChatGLM gets the meta usage in message_delta and is billed by it', async () => {
    const anthropic = anthropicClient(ctx.kit, ctx.token.key);
    const { value: read, log } = await ctx.chargedCall(() => readMessageStream(anthropic.messages.stream({ model: MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'Say hello' }] })));
    expect(read.text).toBe(REPLY);
    expect(read.final.usage).toMatchObject({ input_tokens: 2, output_tokens: 5 });
    expect(log).toMatchObject({ prompt_tokens: 2, completion_tokens: 5, quota: 34, is_stream: true });
  });

  it('code 1302 (rate limit) fails over to the next channel; one consume log there', async () => {
    ctx.A.next({ kind: 'error', code: 1302, msg: '您当前使用该API的并发数过高，请降低并发，或联系客服增加限额。' });
    const { value: res, log } = await ctx.chargedCall(() => ctx.ask(MODEL));
    expect(res.choices[0]?.message.content).toBe('ChatGLM B here.');
    expect(log.channel).toBe(ctx.bId);
  });

  it('a JWT signed with a wrong secret is refused (1002): AuthenticationError without the key, channel auto-disabled', async () => {
    await withOption(ctx.kit.root, 'AutomaticDisableChannelEnabled', 'true', 'false', async () => {
      const id = await createChannel(ctx.kit.root, { name: 'glm-dead', type: 16, key: 'fakeglmida0123.wrongsecret0123456789', base_url: ctx.A.url, models: 'glm-dead' });
      const err = await ctx.ask('glm-dead', 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
      expect(JSON.stringify(err)).not.toContain('wrongsecret');
      expect(await channelStatusBecomes(ctx.kit.root, id, 3)).toBe(3);
    });
  });

  it('an Anthropic Messages request reaches ChatGLM and is billed once by its usage', async () => {
    const anthropic = anthropicClient(ctx.kit, ctx.token.key);
    const { value: m, log } = await ctx.chargedCall(() => anthropic.messages.create({ model: MODEL, max_tokens: 64, system: 'Be brief.', messages: [{ role: 'user', content: 'Say hello' }] }));
    expect(m.content).toEqual([{ type: 'text', text: REPLY }]);
    expect(log).toMatchObject({ prompt_tokens: 4, completion_tokens: 5, quota: 38 });
  });
});
