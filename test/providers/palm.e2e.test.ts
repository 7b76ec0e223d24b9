import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { FakePaLM } from '../support/fakes/palm';
import { channelStatusBecomes, createChannel, relaySuite, setOptions, withOption } from '../relay/relay-kit';

const MODEL = 'chat-bison-001';
const KEY_A = 'AIzaFakePalmKeyA0123456789abcdef';
const KEY_B = 'AIzaFakePalmKeyB0123456789abcdef';

/** The OpenAI SDK through the gateway to type-11 (PaLM 2) channels backed by the fake generateMessage API. */
describe.each(DATABASES)('PaLM 2 channels (type 11) (%s)', (kind) => {
  const ctx = relaySuite(kind, async (s) => {
    const A = await s.fake(new FakePaLM({ key: KEY_A }));
    const B = await s.fake(new FakePaLM({ key: KEY_B, reply: 'PaLM B here.' }));
    await setOptions(s.kit.root, { ModelRatio: { [MODEL]: 1, 'palm-dead': 1 }, CompletionRatio: { [MODEL]: 1 } });
    const aId = await createChannel(s.kit.root, { name: 'palm-a', type: 11, key: KEY_A, base_url: A.url, models: MODEL, priority: 10 });
    const bId = await createChannel(s.kit.root, { name: 'palm-b', type: 11, key: KEY_B, base_url: B.url, models: MODEL, priority: 0 });
    return { A, B, aId, bId };
  });

  it('generateMessage: the system prompt as context, turns by author, sampling mapped; billed once by the relay\'s count (PaLM reports none)', async () => {
    const { value: answer, log } = await ctx.chargedCall(() =>
      ctx.openai.chat.completions.create({
        model: MODEL,
        temperature: 0.2,
        top_p: 0.8,
        messages: [
          { role: 'system', content: 'You are terse.' },
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello.' },
          { role: 'user', content: 'Say more please' },
        ],
      }),
    );
    expect(answer.choices[0]?.message.content).toBe('Hello from the fake PaLM.');
    const up = ctx.A.last();
    expect(up.path).toBe(`/v1beta2/models/${MODEL}:generateMessage`);
    expect(up.query.get('key')).toBe(KEY_A);
    expect(up.json).toEqual({
      prompt: {
        context: 'You are terse.',
        messages: [
          { author: '0', content: 'Hi' },
          { author: '1', content: 'Hello.' },
          { author: '0', content: 'Say more please' },
        ],
      },
      temperature: 0.2,
      topP: 0.8,
    });
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBe(log.prompt_tokens + log.completion_tokens);
    expect(JSON.stringify(answer)).not.toContain(KEY_A);
  });

  it('a stream request is refused with a typed 400 before any upstream call, not charged', async () => {
    await ctx.notCharged(async () => {
      const err = await ctx.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(ctx.A.requests).toHaveLength(0);
    });
  });

  it('a 429 RESOURCE_EXHAUSTED fails over to the next channel', async () => {
    ctx.A.next({ kind: 'error', status: 429, grpc: 'RESOURCE_EXHAUSTED', message: 'Quota exceeded' });
    const { value: res, log } = await ctx.chargedCall(() => ctx.ask(MODEL));
    expect(res.choices[0]?.message.content).toBe('PaLM B here.');
    expect(log.channel).toBe(ctx.bId);
  });

  it('API_KEY_INVALID is an AuthenticationError-class failure without the key, and disables the channel', async () => {
    await withOption(ctx.kit.root, 'AutomaticDisableChannelEnabled', 'true', 'false', async () => {
      const id = await createChannel(ctx.kit.root, { name: 'palm-dead', type: 11, key: 'AIzaWrongPalmKey0123456789abcdef', base_url: ctx.A.url, models: 'palm-dead' });
      const err = await ctx.ask('palm-dead', 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.APIError);
      expect(JSON.stringify(err)).not.toContain('AIzaWrongPalmKey');
      expect(String((err as Error).message)).not.toContain('AIzaWrongPalmKey');
      expect(await channelStatusBecomes(ctx.kit.root, id, 3)).toBe(3);
    });
  });
});
