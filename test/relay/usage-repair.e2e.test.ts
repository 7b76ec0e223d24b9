import { estimatePromptTokens } from '../../server/src/billing/estimate';
import { estimateTokens, TokenCounter } from '../../server/src/billing/token-estimator';
import { DEFAULT_CACHE_RATIO } from '../../server/src/pricing/cache-ratio';
import { parseChatRequest, parseResponsesRequest } from '../../server/src/wire/openai-chat/parse';
import { DATABASES } from '../support/env';
import type { Caller } from '../support/http';
import { chatChunk, type FakeOpenAI, type FakeUsage, type Json } from '../support/fakes/openai-upstream';
import {
  expectCharged,
  createChannel,
  createToken,
  fakeUpstream,
  fundedUser,
  otherOf,
  sdk,
  setOption,
  startRelayKit,
  type LogRow,
  type RelayKit,
} from './relay-kit';

const KEY = 'sk-upstream-usage-repair-0123456789abcd';
const ESTIMATE_NOTE = '（上游未返回用量，按本地估算计费）';
const MESSAGES = [{ role: 'user' as const, content: 'count to three, slowly, and explain each number' }];
const REPLY = 'One, the first. Two, the second. Three, the third and last.';

/** A chat completion carrying `message` and exactly the usage given (zeros included). */
function chatBody(model: string, usage: FakeUsage, message: Record<string, Json> = { role: 'assistant', content: REPLY }): Json {
  return {
    id: 'chatcmpl-repair',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message, finish_reason: 'stop' }],
    usage: {
      prompt_tokens: usage.prompt_tokens,
      completion_tokens: usage.completion_tokens,
      total_tokens: usage.prompt_tokens + usage.completion_tokens,
      prompt_tokens_details: { cached_tokens: usage.prompt_tokens_details?.cached_tokens ?? 0 },
    },
  };
}

/** The gateway's own prompt estimate of the chat body the SDK sends. */
function chatPromptEstimate(model: string): number {
  return estimatePromptTokens(parseChatRequest({ model, messages: MESSAGES }));
}

/**
 * Two billing repairs against the reference: the default cache ratios of §3.10 (cached prompt
 * tokens of known families are discounted without any CacheRatio option), and upstream usage
 * of 0 that the answer contradicts (§3.7, money rule 4), which is billed by the local estimate
 * instead of serving the answer for free. Every expected quota is computed by hand from
 *   quota = round((P − K + K·KR + C·CR) · MR · GR)
 * with the ratios set in beforeAll (GR = 1).
 */
describe.each(DATABASES)('usage repair and default cache ratios (%s)', (kind) => {
  let kit: RelayKit;
  let fake: FakeOpenAI;
  let user: { caller: Caller; id: number; username: string };
  let token: { id: number; key: string };

  beforeAll(async () => {
    kit = await startRelayKit(kind);
    fake = await fakeUpstream(kit, { key: KEY });
    // ModelRatio and CompletionRatio are set; CacheRatio and CreateCacheRatio keep their defaults.
    await setOption(kit.root, 'ModelRatio', { 'gpt-4o-mini': 0.075, 'gpt-4.1-2025-04-14': 1, 'my-local-model': 0.5, 'embed-model': 0.05 });
    await setOption(kit.root, 'CompletionRatio', { 'gpt-4.1-2025-04-14': 4, 'my-local-model': 2 });
    await createChannel(kit.root, { key: KEY, base_url: fake.url, models: 'gpt-4o-mini,gpt-4.1-2025-04-14,my-local-model,embed-model' });
    user = await fundedUser(kit, 10_000_000);
    token = await createToken(user.caller, { name: 'repair', unlimited_quota: false, remain_quota: 5_000_000 });
  });
  afterAll(() => kit.close());
  beforeEach(() => fake.reset());

  const charged = (call: () => Promise<unknown>): Promise<LogRow> => expectCharged(kit, user, token.id, call);

  const chat = (model: string) => sdk(kit, token.key).chat.completions.create({ model, messages: MESSAGES });

  describe('default cache ratios', () => {
    it('gpt-4o family, KR 0.5 from the stored default: (600 + 400·0.5 + 100·4)·0.075 = 90', async () => {
      fake.next({ kind: 'json', body: chatBody('gpt-4o-mini', { prompt_tokens: 1000, completion_tokens: 100, prompt_tokens_details: { cached_tokens: 400 } }) });
      const log = await charged(() => chat('gpt-4o-mini'));
      expect(log).toMatchObject({ quota: 90, prompt_tokens: 1000, completion_tokens: 100 });
      expect(otherOf(log)).toMatchObject({ cache_tokens: 400, cache_ratio: 0.5, billing_source: 'usage' });
    });

    it('gpt-4.1 family (a dated name no table lists), KR 0.25: (400 + 1600·0.25 + 50·4)·1 = 1000', async () => {
      fake.next({ kind: 'json', body: chatBody('gpt-4.1-2025-04-14', { prompt_tokens: 2000, completion_tokens: 50, prompt_tokens_details: { cached_tokens: 1600 } }) });
      const log = await charged(() => chat('gpt-4.1-2025-04-14'));
      expect(log.quota).toBe(1000);
      expect(otherOf(log)).toMatchObject({ cache_tokens: 1600, cache_ratio: 0.25 });
    });

    it('unknown model, no discount (KR 1): (600 + 400·1 + 100·2)·0.5 = 600', async () => {
      fake.next({ kind: 'json', body: chatBody('my-local-model', { prompt_tokens: 1000, completion_tokens: 100, prompt_tokens_details: { cached_tokens: 400 } }) });
      const log = await charged(() => chat('my-local-model'));
      expect(log.quota).toBe(600);
      expect(otherOf(log)).toMatchObject({ cache_tokens: 400, cache_ratio: 1 });
    });

    it('the option CacheRatio exposes the defaults for the ratio settings', async () => {
      const res = await kit.root.get('/api/option/');
      const row = (res.body.data as { key: string; value: string }[]).find((o) => o.key === 'CacheRatio');
      expect(JSON.parse(row?.value ?? '{}')).toMatchObject({ 'gpt-4o-mini': 0.5, 'gpt-4.1': 0.25, 'gpt-5': 0.1, 'deepseek-chat': 0.25 });
    });

    it('an explicit CacheRatio entry wins, even 1: (1000 + 100·4)·0.075 = 105; families still apply elsewhere', async () => {
      await setOption(kit.root, 'CacheRatio', { 'gpt-4o-mini': 1 });
      try {
        fake.next({ kind: 'json', body: chatBody('gpt-4o-mini', { prompt_tokens: 1000, completion_tokens: 100, prompt_tokens_details: { cached_tokens: 400 } }) });
        const log = await charged(() => chat('gpt-4o-mini'));
        expect(log.quota).toBe(105);
        expect(otherOf(log)).toMatchObject({ cache_tokens: 400, cache_ratio: 1 });
        // gpt-4.1 has no entry in the new table: its family default still applies (1000 as above).
        fake.next({ kind: 'json', body: chatBody('gpt-4.1-2025-04-14', { prompt_tokens: 2000, completion_tokens: 50, prompt_tokens_details: { cached_tokens: 1600 } }) });
        expect((await charged(() => chat('gpt-4.1-2025-04-14'))).quota).toBe(1000);
      } finally {
        await setOption(kit.root, 'CacheRatio', DEFAULT_CACHE_RATIO);
      }
    });
  });

  describe('zero usage from the upstream', () => {
    it('non-stream {0, 0}: billed by the prompt estimate and the counted reply', async () => {
      fake.next({ kind: 'json', body: chatBody('my-local-model', { prompt_tokens: 0, completion_tokens: 0 }) });
      const prompt = chatPromptEstimate('my-local-model');
      const completion = estimateTokens(REPLY);
      expect(prompt).toBeGreaterThan(0);
      expect(completion).toBeGreaterThan(0);
      const log = await charged(() => chat('my-local-model'));
      expect(log).toMatchObject({ prompt_tokens: prompt, completion_tokens: completion, quota: Math.round((prompt + completion * 2) * 0.5) });
      expect(otherOf(log).billing_source).toBe('estimate');
      expect(log.content).toBe(`模型倍率 0.5，补全倍率 2.00，分组倍率 1.00${ESTIMATE_NOTE}`);
    });

    it('stream with a usage chunk of zeros: billed by the prompt estimate and the streamed text', async () => {
      const words = ['one ', 'two ', 'three ', 'four'];
      fake.next({
        kind: 'stream',
        usage: { prompt_tokens: 0, completion_tokens: 0 },
        chunks: [chatChunk({ role: 'assistant', content: '' }), ...words.map((w) => chatChunk({ content: w })), chatChunk({}, 'stop')],
      });
      const prompt = chatPromptEstimate('my-local-model');
      const counter = new TokenCounter();
      counter.push(words.join(''));
      let text = '';
      const log = await charged(async () => {
        const s = await sdk(kit, token.key).chat.completions.create({ model: 'my-local-model', messages: MESSAGES, stream: true });
        for await (const c of s) text += c.choices[0]?.delta.content ?? '';
      });
      expect(text).toBe(words.join(''));
      expect(log).toMatchObject({ prompt_tokens: prompt, completion_tokens: counter.count, is_stream: true, quota: Math.round((prompt + counter.count * 2) * 0.5) });
      expect(otherOf(log).billing_source).toBe('estimate');
      expect(log.content).toContain(ESTIMATE_NOTE);
    });

    it('prompt_tokens 0 with real completion tokens: the prompt estimate, the reported completion', async () => {
      fake.next({ kind: 'json', body: chatBody('my-local-model', { prompt_tokens: 0, completion_tokens: 30 }) });
      const prompt = chatPromptEstimate('my-local-model');
      const log = await charged(() => chat('my-local-model'));
      expect(log).toMatchObject({ prompt_tokens: prompt, completion_tokens: 30, quota: Math.round((prompt + 30 * 2) * 0.5) });
      expect(otherOf(log).billing_source).toBe('estimate');
    });

    it('completion 0 with only tool calls: the tool-call text plus 7 tokens per call', async () => {
      const fn = { name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' };
      const message: Json = { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: fn }] };
      fake.next({ kind: 'json', body: chatBody('my-local-model', { prompt_tokens: 40, completion_tokens: 0 }, message) });
      const completion = estimateTokens(fn.name + fn.arguments) + 7;
      const log = await charged(() => chat('my-local-model'));
      expect(log).toMatchObject({ prompt_tokens: 40, completion_tokens: completion, quota: Math.round((40 + completion * 2) * 0.5) });
      expect(otherOf(log).billing_source).toBe('estimate');
    });

    it('responses API {0, 0}: billed by the estimates too', async () => {
      const input = 'write one line about rivers';
      fake.next({
        kind: 'json',
        body: {
          id: 'resp_repair',
          object: 'response',
          created_at: 1_700_000_000,
          status: 'completed',
          error: null,
          incomplete_details: null,
          model: 'my-local-model',
          output: [{ type: 'message', id: 'msg_repair', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: REPLY, annotations: [] }] }],
          usage: { input_tokens: 0, input_tokens_details: { cached_tokens: 0 }, output_tokens: 0, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 0 },
        },
      });
      const prompt = estimatePromptTokens(parseResponsesRequest({ model: 'my-local-model', input }));
      const completion = estimateTokens(REPLY);
      const log = await charged(() => sdk(kit, token.key).responses.create({ model: 'my-local-model', input }));
      expect(log).toMatchObject({ prompt_tokens: prompt, completion_tokens: completion, quota: Math.round((prompt + completion * 2) * 0.5) });
      expect(otherOf(log).billing_source).toBe('estimate');
    });

    it('a real answer with real usage is billed from the usage, untouched', async () => {
      fake.next({ kind: 'json', body: chatBody('my-local-model', { prompt_tokens: 21, completion_tokens: 15 }) });
      const log = await charged(() => chat('my-local-model'));
      // (21 + 15·2)·0.5 = 25.5 → 26 (halves away from zero)
      expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 15, quota: 26 });
      expect(otherOf(log).billing_source).toBe('usage');
      expect(log.content).not.toContain(ESTIMATE_NOTE);
    });

    it('embeddings reporting completion 0 are billed as before: 1000·0.05 = 50, from the usage', async () => {
      fake.next({
        kind: 'json',
        body: {
          object: 'list',
          data: [{ object: 'embedding', index: 0, embedding: [0.0023064255, -0.009327292] }],
          model: 'embed-model',
          usage: { prompt_tokens: 1000, completion_tokens: 0, total_tokens: 1000 },
        },
      });
      const log = await charged(() => sdk(kit, token.key).embeddings.create({ model: 'embed-model', input: 'a short text to embed', encoding_format: 'float' }));
      expect(log).toMatchObject({ quota: 50, prompt_tokens: 1000, completion_tokens: 0 });
      expect(otherOf(log).billing_source).toBe('usage');
    });
  });
});
