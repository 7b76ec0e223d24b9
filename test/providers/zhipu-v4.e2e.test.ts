// Type 26, Zhipu GLM-4V (open platform v4): the OpenAI wire under /api/paas/v4/, authorised by
// an HS256 JWT signed from the `id.secret` key (header `sign_type: SIGN`, claims in milliseconds),
// which the fake verifies the way the platform does before answering; errors in Zhipu's shape
// (`{"error":{"code":"1000","message":...}}`).
import { createHmac } from 'node:crypto';
import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import type { FakeOpenAI, RecordedRequest } from '../support/fakes/openai-upstream';
import { channelStatusBecomes, createChannel, createToken, expectCharged, fakeUpstream, fundedUser, priceModel, sdk, setOption, startRelayKit, withOption, type RelayKit } from '../relay/relay-kit';

const ID = 'a1b2c3d4e5f6';
const SECRET = 'Zs3cr3tZhipuSigningKey0123';
const KEY = `${ID}.${SECRET}`;

/** The platform's check: a JWT over the key id, signed with its secret, not expired. */
function jwtIsValid(req: RecordedRequest, secret: string, id: string): boolean {
  const auth = String(req.headers.authorization ?? '');
  const m = /^Bearer ([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(auth);
  if (!m) return false;
  const [, h = '', p = '', s = ''] = m;
  if (createHmac('sha256', secret).update(`${h}.${p}`).digest('base64url') !== s) return false;
  const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as Record<string, unknown>;
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
  return header.alg === 'HS256' && header.sign_type === 'SIGN' && claims.api_key === id && typeof claims.exp === 'number' && claims.exp > Date.now() && typeof claims.timestamp === 'number';
}

/** A Zhipu v4 fake: the OpenAI fake behind the platform's JWT check and error shape. */
async function zhipuFake(kit: RelayKit, secret = SECRET, id = ID): Promise<FakeOpenAI> {
  const fake = await fakeUpstream(kit, { reply: 'GLM says hi' });
  fake.set((req) => !jwtIsValid(req, secret, id), { kind: 'json', status: 401, body: { error: { code: '1000', message: '身份验证失败。' } } });
  return fake;
}

describe.each(DATABASES)('Zhipu GLM-4V, type 26 (%s)', (kind) => {
  let kit: RelayKit;
  beforeAll(async () => {
    kit = await startRelayKit(kind);
    for (const m of ['glm-4-flash', 'glm-4-dead', 'glm-4-busy', 'embedding-2']) await priceModel(kit.root, m, 2, 3);
  });
  afterAll(async () => kit.close());

  it('chat and stream at /api/paas/v4 with a verified JWT (never the key), billed once each from the upstream usage', async () => {
    const fake = await zhipuFake(kit);
    const channelId = await createChannel(kit.root, { name: 'glm', type: 26, key: KEY, base_url: fake.url, models: 'glm-4-flash,embedding-2' });
    const user = await fundedUser(kit, 5_000_000);
    const token = await createToken(user.caller);
    const client = sdk(kit, token.key);

    const log = await expectCharged(kit, user, token.id, async () => {
      const answer = await client.chat.completions.create({
        model: 'glm-4-flash',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello.' },
          { role: 'user', content: 'Again' },
        ],
        max_tokens: 64,
        temperature: 0.5,
        top_p: 0.7,
      });
      expect(answer.choices[0]?.message.content).toBe('GLM says hi');
    });
    const sent = fake.requests.at(-1) as RecordedRequest;
    expect(sent).toMatchObject({ method: 'POST', path: '/api/paas/v4/chat/completions' });
    expect(jwtIsValid(sent, SECRET, ID)).toBe(true);
    expect(String(sent.headers.authorization)).not.toContain(SECRET);
    expect(sent.json).toMatchObject({ model: 'glm-4-flash', max_tokens: 64, temperature: 0.5, top_p: 0.7, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user' }, { role: 'assistant' }, { role: 'user' }] });
    // (12 + 3 × 3) × 2 = 42: the fake counts one completion token per word of 'GLM says hi'.
    expect(log).toMatchObject({ model_name: 'glm-4-flash', channel: channelId, prompt_tokens: 12, completion_tokens: 3, quota: 42, is_stream: false });

    const streamed = await expectCharged(kit, user, token.id, async () => {
      const stream = await client.chat.completions.create({ model: 'glm-4-flash', messages: [{ role: 'user', content: 'Hi' }], stream: true, stream_options: { include_usage: true } });
      let text = '';
      let usage: OpenAI.CompletionUsage | undefined;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        if (chunk.usage) usage = chunk.usage;
      }
      expect(text).toBe('GLM says hi');
      expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 3 });
    });
    expect(streamed).toMatchObject({ prompt_tokens: 12, completion_tokens: 3, quota: 42, is_stream: true });
    // One JWT serves both requests (cached), and it is still valid.
    expect(fake.requests.at(-1)?.headers.authorization).toBe(sent.headers.authorization);

    const emb = await client.embeddings.create({ model: 'embedding-2', input: 'hello' });
    expect(emb.data.length).toBeGreaterThan(0);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/paas/v4/embeddings' });
  });

  it("a wrong secret gets Zhipu's 401, a typed AuthenticationError without the key or token, and the channel is disabled", async () => {
    await withOption(kit.root, 'AutomaticDisableChannelEnabled', 'true', 'false', async () => {
      const fake = await zhipuFake(kit);
      const wrong = `${ID}.WrongSecret0123456789`;
      const id = await createChannel(kit.root, { name: 'glm-dead', type: 26, key: wrong, base_url: fake.url, models: 'glm-4-dead' });
      const user = await fundedUser(kit, 5_000_000);
      const token = await createToken(user.caller);
      const err = await sdk(kit, token.key)
        .chat.completions.create({ model: 'glm-4-dead', messages: [{ role: 'user', content: 'x' }] })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
      const text = JSON.stringify((err as InstanceType<typeof OpenAI.APIError>).error) + String((err as Error).message);
      expect(text).not.toContain('WrongSecret0123456789');
      expect(text).not.toContain(String(fake.requests.at(-1)?.headers.authorization).slice(7, 40));
      expect(await channelStatusBecomes(kit.root, id, 3)).toBe(3);
    });
  });

  it('a 429 (code 1302) is retried on another GLM channel; one consume log on the one that served', async () => {
    await setOption(kit.root, 'RetryTimes', '2');
    try {
      const busy = await zhipuFake(kit);
      busy.set((req) => req.path.endsWith('/chat/completions'), { kind: 'json', status: 429, body: { error: { code: '1302', message: '您当前使用该API的并发数过高，请降低并发，或联系客服增加限额。' } } });
      const ok = await zhipuFake(kit);
      const busyId = await createChannel(kit.root, { name: 'glm-busy', type: 26, key: KEY, base_url: busy.url, models: 'glm-4-busy', priority: 10 });
      const okId = await createChannel(kit.root, { name: 'glm-ok', type: 26, key: KEY, base_url: ok.url, models: 'glm-4-busy', priority: 0 });
      const user = await fundedUser(kit, 5_000_000);
      const token = await createToken(user.caller);
      const log = await expectCharged(kit, user, token.id, async () => {
        const answer = await sdk(kit, token.key).chat.completions.create({ model: 'glm-4-busy', messages: [{ role: 'user', content: 'x' }] });
        expect(answer.choices[0]?.message.content).toBe('GLM says hi');
      });
      expect([busy.requests.length, ok.requests.length]).toEqual([1, 1]);
      expect(log.channel).toBe(okId);
      expect(busyId).not.toBe(okId);
    } finally {
      await setOption(kit.root, 'RetryTimes', '0');
    }
  });
});
