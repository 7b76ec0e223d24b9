// Type 26, Zhipu GLM-4V: the openai SDK against the gateway, the gateway against a fake of the
// platform's v4 API that checks each request's JWT the way the platform does (HS256 over the key's
// secret, sign_type SIGN, the key id in api_key, not expired). Billed once per request; a refused
// key is a typed SDK error and disables the channel.
import { createHmac } from 'node:crypto';
import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { channelStatusBecomes, createChannel, createToken, expectCharged, fakeUpstream, fundedUser, priceModel, sdk, startRelayKit, withOption, type RelayKit } from './relay-kit';

const ID = 'zp-key-id-0123';
const SECRET = 'zp-key-secret-abcdefghijklmnop';

/** The platform's check of a bearer JWT signed with `secret`. */
function validToken(token: string, secret: string): boolean {
  const [h, p, sig] = token.split('.');
  if (!h || !p || !sig) return false;
  if (createHmac('sha256', secret).update(`${h}.${p}`).digest('base64url') !== sig) return false;
  const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string; sign_type?: string };
  const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as { api_key?: string; exp?: number; timestamp?: number };
  return header.alg === 'HS256' && header.sign_type === 'SIGN' && payload.api_key === ID && (payload.exp ?? 0) > Date.now() && (payload.timestamp ?? Infinity) <= Date.now();
}

describe.each(DATABASES)('Zhipu GLM-4V, type 26 (%s)', (kind) => {
  let kit: RelayKit;
  beforeAll(async () => {
    kit = await startRelayKit(kind);
    await priceModel(kit.root, 'glm-4-flash', 2, 3);
  });
  afterAll(async () => kit.close());

  it('relays chat and streams with a signed token at /api/paas/v4, billed once each; the secret never leaves', async () => {
    const fake = await fakeUpstream(kit, { authorize: (t) => validToken(t, SECRET), reply: 'Hello from GLM' });
    const channelId = await createChannel(kit.root, { name: 'zhipu', type: 26, key: `${ID}.${SECRET}`, base_url: fake.url, models: 'glm-4-flash' });
    const user = await fundedUser(kit, 5_000_000);
    const token = await createToken(user.caller);
    const client = sdk(kit, token.key);
    const log = await expectCharged(kit, user, token.id, async () => {
      const answer = await client.chat.completions.create({ model: 'glm-4-flash', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }], max_tokens: 64 });
      expect(answer.choices[0]?.message.content).toBe('Hello from GLM');
    });
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({ method: 'POST', path: '/api/paas/v4/chat/completions' });
    expect(sent?.json).toMatchObject({ model: 'glm-4-flash', max_tokens: 64, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] });
    expect(String(sent?.headers.authorization)).not.toContain(SECRET);
    // ratio 2, completion ratio 3, the fake's usage (12 prompt, one completion token a word: 3): (12 + 3 × 3) × 2.
    expect(log).toMatchObject({ channel: channelId, prompt_tokens: 12, completion_tokens: 3, quota: 42 });

    const streamed = await expectCharged(kit, user, token.id, async () => {
      const stream = await client.chat.completions.create({ model: 'glm-4-flash', messages: [{ role: 'user', content: 'Hi' }], stream: true, stream_options: { include_usage: true } });
      let text = '';
      let usage: OpenAI.CompletionUsage | undefined;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        usage = chunk.usage ?? usage;
      }
      expect(text).toBe('Hello from GLM');
      expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 3 });
    });
    expect(fake.requests.at(-1)?.json).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(streamed).toMatchObject({ is_stream: true, quota: 42 });
  });

  it('a key whose secret the platform refuses is an AuthenticationError, nothing charged, and the channel is disabled', async () => {
    const fake = await fakeUpstream(kit, { authorize: (t) => validToken(t, SECRET) });
    const channelId = await createChannel(kit.root, { name: 'zhipu-wrong', type: 26, key: `${ID}.not-the-secret`, base_url: fake.url, models: 'glm-4-flash', priority: 100 });
    const user = await fundedUser(kit, 5_000_000);
    const token = await createToken(user.caller);
    try {
      await withOption(kit.root, 'AutomaticDisableChannelEnabled', 'true', 'false', async () => {
        const err = await sdk(kit, token.key).chat.completions.create({ model: 'glm-4-flash', messages: [{ role: 'user', content: 'Hi' }] }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
        expect(JSON.stringify((err as InstanceType<typeof OpenAI.APIError>).error)).not.toContain('not-the-secret');
        expect(await channelStatusBecomes(kit.root, channelId, 3)).toBe(3);
      });
    } finally {
      await kit.root.delete(`/api/channel/${channelId}/`).expect(200);
    }
  });
});
