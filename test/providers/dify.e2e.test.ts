import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { FakeDify } from '../support/fakes/dify';
import { anthropicClient, googleClient, streamChat, TERSE_HISTORY } from '../relay/provider-kit';
import { channelStatusBecomes, createChannel, otherOf, primaryAndBackup, relaySuite, withOption } from '../relay/relay-kit';

const MODEL = 'dify';
const KEY_A = 'app-fakeDifyKeyA0123456789';
const KEY_B = 'app-fakeDifyKeyB0123456789';
const REPLY = 'Hello from the fake Dify.';
const MR = 2;
const CR = 3;

/** The official SDKs through the gateway to type-37 (Dify) channels backed by the fake Dify app API. */
describe.each(DATABASES)('Dify channels (type 37) (%s)', (kind) => {
  const ctx = relaySuite(kind, async (s) => {
    const pair = await primaryAndBackup(s, 37, 'dify', { ModelRatio: { [MODEL]: MR, 'dify-progress': MR, 'dify-dead': MR }, CompletionRatio: { [MODEL]: CR, 'dify-progress': CR } }, { fake: new FakeDify({ key: KEY_A }), key: KEY_A, models: MODEL }, { fake: new FakeDify({ key: KEY_B, reply: 'Dify B here.' }), key: KEY_B, models: MODEL });
    await createChannel(s.kit.root, { name: 'dify-progress', type: 37, key: KEY_A, base_url: pair.A.url, models: 'dify-progress', other: 'progress' });
    return pair;
  });

  it('blocking: the system prompt and history as the query transcript, the user id, usage from metadata billed once by hand', async () => {
    const { value: answer, log } = await ctx.chargedCall(() =>
      ctx.openai.chat.completions.create({
        model: MODEL,
        user: 'end-user-7',
        messages: TERSE_HISTORY,
      }),
    );
    expect(answer.choices[0]?.message.content).toBe(REPLY);
    const up = ctx.A.last();
    expect(up.headers.authorization).toBe(`Bearer ${KEY_A}`);
    expect(up.json).toEqual({ inputs: {}, query: 'SYSTEM:\nYou are terse.\n\nUSER:\nHi\n\nASSISTANT:\nHello.\n\nUSER:\nSay more please', response_mode: 'blocking', conversation_id: '', user: 'end-user-7' });
    // The query has 12 words ("SYSTEM:" etc. count), the answer 5: (12 + 5·3)·2 = 54
    expect(answer.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 5 });
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 54, channel: ctx.aId, is_stream: false });
    expect(otherOf(log)).toMatchObject({ model_ratio: MR, completion_ratio: CR });
    expect(JSON.stringify(answer)).not.toContain(KEY_A);
  });

  it('streaming: message events become chunks, workflow and node events skipped, message_end usage in the usage chunk, billed once', async () => {
    const { value: read, log } = await ctx.chargedCall(() => streamChat(ctx.openai, { model: MODEL, messages: [{ role: 'user', content: 'Say hello' }], stream_options: { include_usage: true } }));
    expect(read.text).toBe(REPLY);
    expect(read.finish).toBe('stop');
    expect(read.usage).toMatchObject({ prompt_tokens: 2, completion_tokens: 5 });
    expect(ctx.A.last().json).toMatchObject({ query: 'Say hello', response_mode: 'streaming' });
    // (2 + 5·3)·2 = 34
    expect(log).toMatchObject({ prompt_tokens: 2, completion_tokens: 5, quota: 34, is_stream: true });
  });

  it('a channel whose other asks for progress shows workflow and node events as text', async () => {
    const read = await streamChat(ctx.openai, { model: 'dify-progress', messages: [{ role: 'user', content: 'Say hello' }] });
    expect(read.text).toBe(`Workflow started\nNode started: LLM\n${REPLY}Node finished: LLM\nWorkflow finished\n`);
  });

  it('a 429 fails over to the next channel; a 400 is a BadRequestError with Dify\'s message, not retried', async () => {
    ctx.A.next({ kind: 'error', status: 429, code: 'too_many_requests', message: 'Too many requests' });
    const { value: res, log } = await ctx.chargedCall(() => ctx.ask(MODEL));
    expect(res.choices[0]?.message.content).toBe('Dify B here.');
    expect(log.channel).toBe(ctx.bId);

    ctx.B.reset();
    await ctx.notCharged(async () => {
      ctx.A.next({ kind: 'error', status: 400, code: 'app_unavailable', message: 'App unavailable, please check your app configurations.' });
      const err = await ctx.ask(MODEL, 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err).toMatchObject({ status: 400, code: 'app_unavailable' });
      expect(ctx.B.requests).toHaveLength(0);
    });
  });

  it('a stream error event reaches the client as an error', async () => {
    ctx.A.next({ kind: 'stream-error', code: 'provider_quota_exceeded', message: 'Your quota for the model provider has been exhausted.' });
    const err = await streamChat(ctx.openai, { model: MODEL, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).message)).toContain('quota for the model provider');
  });

  it('401 unauthorized is an AuthenticationError without the key and disables the channel', async () => {
    await withOption(ctx.kit.root, 'AutomaticDisableChannelEnabled', 'true', 'false', async () => {
      const id = await createChannel(ctx.kit.root, { name: 'dify-dead', type: 37, key: 'app-revokedDifyKey0123456789', base_url: ctx.A.url, models: 'dify-dead' });
      const err = await ctx.ask('dify-dead', 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
      expect(JSON.stringify(err)).not.toContain('revokedDifyKey');
      expect(await channelStatusBecomes(ctx.kit.root, id, 3)).toBe(3);
    });
  });

  it('an Anthropic Messages request and a Gemini request reach Dify and are billed once each', async () => {
    const anthropic = anthropicClient(ctx.kit, ctx.token.key);
    const { value: m, log } = await ctx.chargedCall(() => anthropic.messages.create({ model: MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'Say hello' }] }));
    expect(m.content).toEqual([{ type: 'text', text: REPLY }]);
    expect(log).toMatchObject({ prompt_tokens: 2, completion_tokens: 5, quota: 34 });
    const ai = googleClient(ctx.kit, ctx.token.key);
    const { value: r, log: glog } = await ctx.chargedCall(() => ai.models.generateContent({ model: MODEL, contents: 'Say hello' }));
    expect(r.text).toBe(REPLY);
    expect(glog).toMatchObject({ prompt_tokens: 2, completion_tokens: 5, quota: 34 });
  });
});
