import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { chatChunk, openaiError, type FakeOpenAI, type FakeScript, type Json } from '../support/fakes/openai-upstream';
import { createChannel, createToken, fakeUpstream, fundedUser, relayIdle, sdk, setOption, startRelayKit, upstreamKeys, type LogRow, type RelayKit } from './relay-kit';

const upstreamKey = upstreamKeys('mask');

/** What an internal proxy or a chained gateway says about where it was going (reference §11.8). */
const INTERNAL_IP = '10.0.3.7';
const SUPPLIER = 'supplier.example';
const IPV6 = 'fd00::3';
const dialRefused = `dial tcp ${INTERNAL_IP}:3000: connect: connection refused`;

/**
 * Upstream error text reaches the client (non-stream, stream before the first byte, and an error
 * event after a 200) and the admin's channel test with internal URLs, addresses and the channel's
 * own host masked, and nothing of it lands in the user's logs.
 */
describe.each(DATABASES)('upstream error masking (%s)', (kind) => {
  let kit: RelayKit;
  let user: Awaited<ReturnType<typeof fundedUser>>;
  let client: OpenAI;
  let modelSeq = 0;

  beforeAll(async () => {
    kit = await startRelayKit(kind);
    user = await fundedUser(kit, 10_000_000);
    const token = await createToken(user.caller, { unlimited_quota: false, remain_quota: 5_000_000 });
    client = sdk(kit, token.key);
  });
  afterAll(async () => {
    await kit?.close();
  });

  /**
   * One channel for a fresh model, addressed by name (`http://localhost:<port>`) so the channel's
   * own host is a bare word that no generic pattern catches: only the base-URL mask removes it.
   * The script gets that host, so an answer can name the very channel it comes from.
   */
  async function channel(script: (hostPort: string) => FakeScript): Promise<{ model: string; id: number; fake: FakeOpenAI; hostPort: string }> {
    modelSeq += 1;
    const model = `mask-model-${modelSeq}`;
    const options = (await kit.root.get('/api/option/')).body.data as { key: string; value: string }[];
    const ratio = (k: string) => JSON.parse(options.find((o) => o.key === k)?.value ?? '{}') as Record<string, number>;
    await setOption(kit.root, 'ModelRatio', { ...ratio('ModelRatio'), [model]: 1 });
    await setOption(kit.root, 'CompletionRatio', { ...ratio('CompletionRatio'), [model]: 1 });
    const key = upstreamKey();
    const fake = await fakeUpstream(kit, { key });
    const hostPort = `localhost:${new URL(fake.url).port}`;
    fake.set(() => true, script(hostPort));
    const id = await createChannel(kit.root, { name: 'masked', key, base_url: `http://${hostPort}`, models: model });
    return { model, id, fake, hostPort };
  }

  /** A supplier error naming the supplier's URL, the channel's own base URL and its bare host. */
  function supplierError(hostPort: string): string {
    return `Post "https://${SUPPLIER}/v1/chat/completions": EOF (relay http://${hostPort}/v1 at ${hostPort}, node localhost, peer [${IPV6}]:8443)`;
  }

  function expectMasked(text: string, hostPort: string): void {
    for (const leak of [INTERNAL_IP, SUPPLIER, IPV6, hostPort, 'localhost', 'http://', 'https://']) expect(text).not.toContain(leak);
  }

  /** Everything the client learns from an SDK error: its message and the parsed error body. */
  function seen(err: unknown): string {
    const e = err as { message?: unknown; error?: unknown };
    return `${String(e.message)} ${JSON.stringify(e.error ?? null)}`;
  }

  async function failure(call: () => Promise<unknown>): Promise<unknown> {
    try {
      await call();
    } catch (err) {
      return err;
    }
    throw new Error('the call succeeded');
  }

  const ask = (model: string) => client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
  const askStream = async (model: string) => {
    const s = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }], stream: true });
    let text = '';
    for await (const c of s) text += c.choices[0]?.delta.content ?? '';
    return text;
  };

  async function userLogs(): Promise<string> {
    await relayIdle(kit);
    const res = await kit.root.get(`/api/log/?p=0&page_size=100&username=${encodeURIComponent(user.username)}`);
    expect(res.body.success).toBe(true);
    return JSON.stringify(res.body.data.items as LogRow[]);
  }

  it('a 502 plain-text body naming an internal IP reaches the client masked, non-stream and stream', async () => {
    const c = await channel(() => ({ kind: 'text', status: 502, body: dialRefused }));
    for (const call of [() => ask(c.model), () => askStream(c.model)]) {
      const err = await failure(call);
      expect(err).toBeInstanceOf(OpenAI.APIError);
      expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(502);
      const text = seen(err);
      expect(text).toContain('dial tcp [ip]: connect: connection refused');
      expectMasked(text, c.hostPort);
    }
    expect(c.fake.requests).toHaveLength(2);
    expectMasked(await userLogs(), c.hostPort);
  });

  it('a JSON error naming the supplier URL and the channel host reaches the client masked, non-stream and stream', async () => {
    const c = await channel((hostPort) => ({ kind: 'json', status: 502, body: openaiError(supplierError(hostPort), 'upstream_error', 'bad_gateway') }));
    for (const call of [() => ask(c.model), () => askStream(c.model)]) {
      const err = await failure(call);
      expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(502);
      const text = seen(err);
      expect(text).toContain('Post "[url]": EOF (relay [url] at [host], node [host], peer [ip])');
      expectMasked(text, c.hostPort);
    }
    expectMasked(await userLogs(), c.hostPort);
  });

  it('an error event after a 200 and some content reaches the client masked, and the charged log holds none of it', async () => {
    const c = await channel((hostPort) => {
      const event: Json = { error: { message: `${dialRefused}; ${supplierError(hostPort)}`, type: 'server_error', code: 'upstream_reset' } };
      return { kind: 'stream', chunks: [chatChunk({ role: 'assistant', content: '' }), chatChunk({ content: 'Partial ' }), event], usage: null, done: false };
    });
    const err = await failure(() => askStream(c.model));
    const text = seen(err);
    expect(text).toContain('dial tcp [ip]: connect: connection refused; Post "[url]": EOF');
    expectMasked(text, c.hostPort);
    const logs = await userLogs();
    expect(logs).toContain(c.model);
    expectMasked(logs, c.hostPort);
  });

  it("the admin's channel test shows the upstream message masked too", async () => {
    const c = await channel((hostPort) => ({ kind: 'json', status: 502, body: openaiError(`${dialRefused}; ${supplierError(hostPort)}`, 'upstream_error', null) }));
    const res = await kit.root.get(`/api/channel/test/${c.id}?model=${c.model}`).set('Accept-Language', 'en');
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain('dial tcp [ip]: connect: connection refused');
    expectMasked(JSON.stringify(res.body), c.hostPort);
  });
});
