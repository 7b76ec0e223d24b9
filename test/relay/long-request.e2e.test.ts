import type OpenAI from 'openai';
import { BillingService } from '../../server/src/billing/billing.service';
import { QUEUE_DRIVER, type QueueDriver } from '../../server/src/queue/jobs';
import { DATABASES } from '../support/env';
import { chatChunk, type FakeOpenAI } from '../support/fakes/openai-upstream';
import {
  createChannel,
  createToken,
  expectCharged,
  fakeUpstream,
  fundedUser,
  sdk,
  setOption,
  startRelayKit,
  upstreamKeys,
  type RelayKit,
} from './relay-kit';

/** Holds untouched for 3 s are the sweeper's; the relay touches running ones every second. */
const SWEEP_AFTER_SECONDS = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A request that runs longer than the sweeper's age (money rule 5): the relay keeps touching its
 * hold, so a sweep in the middle leaves it alone, and the request settles exactly once from its
 * own usage when it ends. Without the heartbeat the sweep refunds the hold of the silent
 * non-stream request and the answer is then served for free.
 */
describe.each(DATABASES)('a request longer than the hold sweep age (%s)', (kind) => {
  let kit: RelayKit;
  let fake: FakeOpenAI;
  let user: Awaited<ReturnType<typeof fundedUser>>;
  let token: { id: number; key: string };
  let client: OpenAI;
  const upstreamKey = upstreamKeys('long');

  beforeAll(async () => {
    kit = await startRelayKit(kind, { env: { HOLD_SWEEP_AFTER_SECONDS: String(SWEEP_AFTER_SECONDS) } });
    // Only the sweeps of this test run (the minute job is stopped).
    const queue = kit.t.app.get<QueueDriver>(QUEUE_DRIVER);
    await queue.idle();
    await queue.cancelRepeat('billing.sweep');
    fake = await fakeUpstream(kit, { key: upstreamKey() });
    await setOption(kit.root, 'ModelRatio', { 'slow-model': 1 });
    await setOption(kit.root, 'CompletionRatio', { 'slow-model': 2 });
    await createChannel(kit.root, { key: fake.options.key ?? '', base_url: fake.url, models: 'slow-model' });
    user = await fundedUser(kit, 1_000_000);
    token = await createToken(user.caller, { name: 'long', unlimited_quota: false, remain_quota: 500_000 });
    client = sdk(kit, token.key);
  });
  afterAll(() => kit.close());

  /** Sweeps while the request runs, after the hold has outlived the sweep age. */
  async function sweepMidway(): Promise<{ settled: number; refunded: number }> {
    await sleep((SWEEP_AFTER_SECONDS + 2) * 1000);
    return kit.t.app.get(BillingService).sweep();
  }

  it('non-stream: an answer after 7 s of silence is settled from its usage, not swept', async () => {
    // (30 + 20·2)·1 = 70
    fake.next({
      kind: 'json',
      headersDelayMs: 7000,
      body: {
        id: 'chatcmpl-slow',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: 'slow-model',
        choices: [{ index: 0, message: { role: 'assistant', content: 'done' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 30, completion_tokens: 20, total_tokens: 50 },
      },
    });
    let sweep: { settled: number; refunded: number } | null = null;
    const log = await expectCharged(kit, user, token.id, async () => {
      const [answer, swept] = await Promise.all([client.chat.completions.create({ model: 'slow-model', messages: [{ role: 'user', content: 'hi' }] }), sweepMidway()]);
      sweep = swept;
      expect(answer.choices[0]?.message.content).toBe('done');
    });
    expect(sweep).toMatchObject({ settled: 0, refunded: 0 });
    expect(log).toMatchObject({ quota: 70, prompt_tokens: 30, completion_tokens: 20 });
  }, 30_000);

  it('stream: a slow stream outliving the sweep age is settled once, from its usage', async () => {
    // 12 words at 600 ms: about 7 s. Usage (40 + 12·2)·1 = 64.
    const words = Array.from({ length: 12 }, (_, i) => chatChunk({ content: `w${i} ` }));
    fake.next({
      kind: 'stream',
      chunks: [chatChunk({ role: 'assistant', content: '' }), ...words, chatChunk({}, 'stop')],
      chunkDelayMs: 600,
      usage: { prompt_tokens: 40, completion_tokens: 12, total_tokens: 52 },
    });
    let sweep: { settled: number; refunded: number } | null = null;
    const log = await expectCharged(kit, user, token.id, async () => {
      const read = async () => {
        let text = '';
        const stream = await client.chat.completions.create({ model: 'slow-model', messages: [{ role: 'user', content: 'hi' }], stream: true });
        for await (const c of stream) text += c.choices[0]?.delta.content ?? '';
        return text;
      };
      const [text, swept] = await Promise.all([read(), sweepMidway()]);
      sweep = swept;
      expect(text).toBe(words.map((_, i) => `w${i} `).join(''));
    });
    expect(sweep).toMatchObject({ settled: 0, refunded: 0 });
    expect(log).toMatchObject({ quota: 64, prompt_tokens: 40, completion_tokens: 12 });
  }, 30_000);
});
