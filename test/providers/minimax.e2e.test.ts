// Type 35, MiniMax: the OpenAI-like /v1/text/chatcompletion_v2 with the key as bearer, and its
// errors as `base_resp: {status_code, status_msg}`, sent with HTTP 200: 1004 (authentication)
// disables the channel, 1002 (rate limit) is retried on another channel.
import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { channelStatusBecomes, createChannel, createToken, expectCharged, expectNotCharged, fakeUpstream, fundedUser, priceModel, sdk, setOption, startRelayKit, withOption, type RelayKit } from '../relay/relay-kit';

const KEY = 'eyJhbGciOiJSUzI1NiJ9.minimax-key-0123456789abcdef';
const baseResp = (status_code: number, status_msg: string) => ({ id: '', choices: null, base_resp: { status_code, status_msg } });

describe.each(DATABASES)('MiniMax, type 35 (%s)', (kind) => {
  let kit: RelayKit;
  beforeAll(async () => {
    kit = await startRelayKit(kind);
    for (const m of ['abab6.5s-chat', 'abab-dead', 'abab-busy']) await priceModel(kit.root, m, 2, 3);
  });
  afterAll(async () => kit.close());

  it('chat and stream at /v1/text/chatcompletion_v2 with the key, billed once each from the upstream usage', async () => {
    const fake = await fakeUpstream(kit, { key: KEY, reply: 'MiniMax replies now' });
    const channelId = await createChannel(kit.root, { name: 'minimax', type: 35, key: KEY, base_url: fake.url, models: 'abab6.5s-chat' });
    const user = await fundedUser(kit, 5_000_000);
    const token = await createToken(user.caller);
    const client = sdk(kit, token.key);
    const log = await expectCharged(kit, user, token.id, async () => {
      const answer = await client.chat.completions.create({
        model: 'abab6.5s-chat',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello.' },
          { role: 'user', content: 'Again' },
        ],
        max_tokens: 256,
        temperature: 0.1,
        top_p: 0.95,
      });
      expect(answer.choices[0]?.message.content).toBe('MiniMax replies now');
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/text/chatcompletion_v2' });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(fake.requests.at(-1)?.json).toMatchObject({ model: 'abab6.5s-chat', max_tokens: 256, temperature: 0.1, top_p: 0.95, messages: [{ role: 'system' }, { role: 'user' }, { role: 'assistant' }, { role: 'user' }] });
    // (12 + 3 × 3) × 2 = 42.
    expect(log).toMatchObject({ channel: channelId, prompt_tokens: 12, completion_tokens: 3, quota: 42, is_stream: false });

    const streamed = await expectCharged(kit, user, token.id, async () => {
      const stream = await client.chat.completions.create({ model: 'abab6.5s-chat', messages: [{ role: 'user', content: 'Hi' }], stream: true, stream_options: { include_usage: true } });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      expect(text).toBe('MiniMax replies now');
    });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/v1/text/chatcompletion_v2', json: { stream: true } });
    expect(streamed).toMatchObject({ prompt_tokens: 12, completion_tokens: 3, quota: 42, is_stream: true });
  });

  it('base_resp 1004 with HTTP 200 is a typed AuthenticationError, nothing charged, the channel disabled', async () => {
    await withOption(kit.root, 'AutomaticDisableChannelEnabled', 'true', 'false', async () => {
      const fake = await fakeUpstream(kit);
      fake.set('chat/completions', { kind: 'json', status: 200, body: baseResp(1004, 'login fail: Please carry the API secret key in the Authorization field') });
      const id = await createChannel(kit.root, { name: 'minimax-dead', type: 35, key: KEY, base_url: fake.url, models: 'abab-dead' });
      const user = await fundedUser(kit, 5_000_000);
      const token = await createToken(user.caller);
      await expectNotCharged(kit, user, async () => {
        const err = await sdk(kit, token.key)
          .chat.completions.create({ model: 'abab-dead', messages: [{ role: 'user', content: 'x' }] })
          .catch((e: unknown) => e);
        expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
        expect(String((err as Error).message)).not.toContain(KEY);
      });
      expect(await channelStatusBecomes(kit.root, id, 3)).toBe(3);
    });
  });

  it('base_resp 1002 (rate limit) is retried on another MiniMax channel; one consume log on the one that served', async () => {
    await setOption(kit.root, 'RetryTimes', '2');
    try {
      const busy = await fakeUpstream(kit, { key: KEY });
      busy.set('chat/completions', { kind: 'json', status: 200, body: baseResp(1002, 'rate limit exceeded(RPM)') });
      const ok = await fakeUpstream(kit, { key: KEY, reply: 'second channel' });
      await createChannel(kit.root, { name: 'minimax-busy', type: 35, key: KEY, base_url: busy.url, models: 'abab-busy', priority: 10 });
      const okId = await createChannel(kit.root, { name: 'minimax-ok', type: 35, key: KEY, base_url: ok.url, models: 'abab-busy', priority: 0 });
      const user = await fundedUser(kit, 5_000_000);
      const token = await createToken(user.caller);
      const log = await expectCharged(kit, user, token.id, async () => {
        const answer = await sdk(kit, token.key).chat.completions.create({ model: 'abab-busy', messages: [{ role: 'user', content: 'x' }] });
        expect(answer.choices[0]?.message.content).toBe('second channel');
      });
      expect([busy.requests.length, ok.requests.length]).toEqual([1, 1]);
      expect(log.channel).toBe(okId);
    } finally {
      await setOption(kit.root, 'RetryTimes', '0');
    }
  });
});
