// A vendor added only in the tests' fixture catalogue (test/support/fixture-catalogue.ts: one
// OpenAI-compatible entry, no adaptor code) is a channel type like any other: accepted by the
// channel API, listed by GET /api/channel/types, relayed through the openai SDK to its upstream
// with its key, streamed, and billed once per request.
import { DATABASES } from '../support/env';
import { apartFromField } from '../support/http';
import { FIXTURE_VENDOR, useFixtureCatalogue } from '../support/fixture-catalogue';
import { createChannel, createToken, expectCharged, fakeUpstream, fundedUser, otherOf, priceModel, sdk, startRelayKit, type RelayKit } from './relay-kit';

useFixtureCatalogue();

const MODEL = 'fixture-chat-1';
const KEY = 'sk-fixture-cloud-0123456789abcdefghijklmn';

describe.each(DATABASES)('a fixture-catalogue vendor (%s)', (kind) => {
  let kit: RelayKit;
  beforeAll(async () => {
    kit = await startRelayKit(kind);
    await priceModel(kit.root, MODEL, 2, 3);
  });
  afterAll(async () => kit.close());

  it('is served by the catalogue route with its facts', async () => {
    const res = await kit.root.get('/api/channel/types').expect(200);
    const entry = (res.body.data as { id: number }[]).find((e) => e.id === FIXTURE_VENDOR.id);
    expect(entry).toMatchObject({ id: 9001, label: { zh: '测试云', en: 'Fixture Cloud' }, relay: 'openai_compatible', lists_models: true, default_models: [MODEL] });
  });

  it('relays a chat and a stream through the openai SDK to its upstream and bills each once', async () => {
    const fake = await fakeUpstream(kit, { key: KEY, reply: 'Hello from the fixture' });
    const channelId = await createChannel(kit.root, { name: 'fixture-cloud', type: FIXTURE_VENDOR.id, key: KEY, base_url: fake.url, models: MODEL });
    const stored = await kit.root.get(`/api/channel/${channelId}`).expect(200);
    expect(stored.body.data.type).toBe(9001);
    const user = await fundedUser(kit, 5_000_000);
    const token = await createToken(user.caller);
    const client = sdk(kit, token.key);

    const log = await expectCharged(kit, user, token.id, async () => {
      const answer = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }] });
      expect(answer.choices[0]?.message.content).toBe('Hello from the fixture');
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(log).toMatchObject({ model_name: MODEL, channel: channelId, prompt_tokens: 12, completion_tokens: 4, is_stream: false });
    // ratio 2, completion ratio 3: (12 + 4 × 3) × 2.
    expect(log.quota).toBe(48);
    expect(otherOf(log)).toMatchObject({ model_ratio: 2, completion_ratio: 3 });

    const streamed = await expectCharged(kit, user, token.id, async () => {
      const stream = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }], stream: true });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      expect(text).toBe('Hello from the fixture');
    });
    // The entry asks for the usage chunk (streamUsage), so the upstream's figures are billed.
    expect(fake.requests.at(-1)?.json).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(streamed).toMatchObject({ prompt_tokens: 12, completion_tokens: 4, is_stream: true, quota: 48 });
  });

  it('refuses an id in no catalogue with the spec message', async () => {
    const res = await kit.root.post('/api/channel/', { name: 'nowhere', type: 9002, key: KEY, base_url: 'http://127.0.0.1:9', models: MODEL, group: 'default' });
    expect(apartFromField(res.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: '无效的渠道类型' });
  });
});
