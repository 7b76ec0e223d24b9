import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { FakeLibrary } from '../support/fakes/aiproxy-library';
import { anthropicClient, streamChat } from '../relay/provider-kit';
import { channelStatusBecomes, createChannel, primaryAndBackup, relaySuite, withOption } from '../relay/relay-kit';

const MODEL = 'library-qa';
const KEY_A = 'ap-fakeLibraryKeyA0123456789';
const KEY_B = 'ap-fakeLibraryKeyB0123456789';
const ANSWER = 'Hello from the library.\n\n- [Getting started](https://docs.example/start)';

/** The official SDKs through the gateway to type-21 (AI Proxy Library) channels backed by the fake library API. */
describe.each(DATABASES)('AI Proxy Library channels (type 21) (%s)', (kind) => {
  const ctx = relaySuite(kind, async (s) => {
    const pair = await primaryAndBackup(s, 21, 'lib', { ModelRatio: { [MODEL]: 1, 'lib-dead': 1, 'lib-missing': 1 }, CompletionRatio: { [MODEL]: 1 } }, { fake: new FakeLibrary({ key: KEY_A, libraryId: 'lib-1' }), key: KEY_A, models: MODEL, other: 'lib-1' }, { fake: new FakeLibrary({ key: KEY_B, libraryId: 'lib-2', reply: 'Library B here.' }), key: KEY_B, models: MODEL, other: 'lib-2' });
    await createChannel(s.kit.root, { name: 'lib-missing', type: 21, key: KEY_A, base_url: pair.A.url, models: 'lib-missing', other: 'lib-404' });
    return pair;
  });

  it('ask: the library id from other, the conversation as the query, the documents after the answer, billed once by the relay\'s count', async () => {
    const { value: answer, log } = await ctx.chargedCall(() => ctx.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'How do I start?' }] }));
    expect(answer.choices[0]?.message.content).toBe(ANSWER);
    expect(ctx.A.last().headers.authorization).toBe(`Bearer ${KEY_A}`);
    expect(ctx.A.last().json).toEqual({ model: MODEL, query: 'SYSTEM:\nBe brief.\n\nUSER:\nHow do I start?', libraryId: 'lib-1', stream: false });
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log).toMatchObject({ channel: ctx.aId, quota: log.prompt_tokens + log.completion_tokens });
  });

  it('a stream: content chunks, the documents on the last, a usage chunk by the relay\'s count', async () => {
    const read = await streamChat(ctx.openai, { model: MODEL, messages: [{ role: 'user', content: 'How do I start?' }], stream_options: { include_usage: true } });
    expect(read.text).toBe(ANSWER);
    expect(read.finish).toBe('stop');
    expect(read.usage?.completion_tokens).toBeGreaterThan(0);
    expect(ctx.A.last().json).toMatchObject({ query: 'How do I start?', stream: true });
  });

  it('an unknown library (success false in a 200) is a BadRequestError, not retried; a 429 fails over', async () => {
    const err = await ctx.ask('lib-missing').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(String((err as Error).message)).toContain('library not found');
    ctx.A.next({ kind: 'error', status: 429, body: { success: false, errCode: 429, errMsg: 'too many requests' } });
    const res = await ctx.ask(MODEL);
    expect(res.choices[0]?.message.content).toContain('Library B here.');
  });

  it('a 401 is an AuthenticationError without the key and disables the channel', async () => {
    await withOption(ctx.kit.root, 'AutomaticDisableChannelEnabled', 'true', 'false', async () => {
      const id = await createChannel(ctx.kit.root, { name: 'lib-dead', type: 21, key: 'ap-revokedLibraryKey0123', base_url: ctx.A.url, models: 'lib-dead', other: 'lib-1' });
      const err = await ctx.ask('lib-dead').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
      expect(JSON.stringify(err)).not.toContain('revokedLibraryKey');
      expect(await channelStatusBecomes(ctx.kit.root, id, 3)).toBe(3);
    });
  });

  it('an Anthropic Messages request reaches the library', async () => {
    const m = await anthropicClient(ctx.kit, ctx.token.key).messages.create({ model: MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'How do I start?' }] });
    expect(m.content).toEqual([{ type: 'text', text: ANSWER }]);
  });
});
