import { connect } from 'node:net';
import OpenAI from 'openai';
import { OpenAIRealtimeWS } from 'openai/realtime/ws';
import WebSocket from 'ws';
import { RealtimeService } from '../../server/src/realtime/realtime.service';
import { DATABASES } from '../support/env';
import { balances, createChannel, createToken, fundedUser, otherOf, setOptions, startRelayKit, type FundedUser, type LogRow, type RelayKit } from '../relay/relay-kit';
import { FakeRealtime, usage } from './fake-realtime';

const MODEL = 'gpt-4o-realtime-preview';
const AZURE_MODEL = 'gpt-4o-realtime-azure';
const KEY = 'sk-upstream-realtime-0123456789abcdefghij';
const AZURE_KEY = 'azure-realtime-key-0123456789abcdef';
// MR 2.5, CR 4, AR 8, ACR 2 (set below); group ratio 1.
// quota = ((P − A) + A·AR + (C − Ca)·CR + Ca·AR·ACR) · MR
const U1 = usage(100, 200, 50, 300); // (100 + 200·8 + 50·4 + 300·16) · 2.5 = 6700 · 2.5 = 16750
const Q1 = 16750;
const U2 = usage(40, 0, 10, 120); // (40 + 10·4 + 120·16) · 2.5 = 2000 · 2.5 = 5000
const Q2 = 5000;
// Hold per response: PreConsumedQuota 500 tokens at max(CR, AR·ACR) = 16, × MR: 500 · 16 · 2.5.
const HOLD = 20000;

type Ev = Record<string, unknown> & { type: string };

/** A `ws` client of the gateway that records every event. */
class Client {
  readonly events: Ev[] = [];
  closeCode = 0;
  readonly closed: Promise<number>;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => this.events.push(JSON.parse(d.toString()) as Ev));
    this.closed = new Promise((r) => ws.on('close', (code) => r((this.closeCode = code))));
  }
  async until(pred: (e: Ev[]) => boolean, ms = 5000): Promise<void> {
    const end = Date.now() + ms;
    while (!pred(this.events)) {
      if (Date.now() > end) throw new Error(`timeout; events: ${this.events.map((e) => e.type).join(',')}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  count(type: string): number {
    return this.events.filter((e) => e.type === type).length;
  }
}

function wsUrl(kit: RelayKit, model: string): string {
  return `${kit.t.url.replace(/^http/, 'ws')}/v1/realtime?model=${encodeURIComponent(model)}`;
}

async function open(kit: RelayKit, model: string, auth: { bearer?: string; protocolKey?: string }): Promise<{ client: Client; protocol: string }> {
  const protocols = auth.protocolKey ? ['realtime', `openai-insecure-api-key.${auth.protocolKey}`, 'openai-beta.realtime-v1'] : [];
  const ws = new WebSocket(wsUrl(kit, model), protocols, { headers: auth.bearer ? { Authorization: `Bearer ${auth.bearer}` } : {} });
  const client = new Client(ws);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_q, res) => reject(new Error(`status ${res.statusCode ?? 0}`)));
    ws.once('error', reject);
  });
  return { client, protocol: ws.protocol };
}

async function idle(kit: RelayKit): Promise<void> {
  await kit.t.app.get(RealtimeService).idle();
}

describe.each(DATABASES)('realtime relay (%s)', (kind) => {
  let kit: RelayKit;
  let fake: FakeRealtime;
  let azure: FakeRealtime;

  beforeAll(async () => {
    kit = await startRelayKit(kind);
    fake = await new FakeRealtime(KEY).start();
    azure = await new FakeRealtime(AZURE_KEY).start();
    kit.fakes.push(fake, azure);
    await setOptions(kit.root, {
      ModelRatio: { [MODEL]: 2.5, [AZURE_MODEL]: 2.5 },
      CompletionRatio: { [MODEL]: 4, [AZURE_MODEL]: 4 },
      AudioRatio: { [MODEL]: 8, [AZURE_MODEL]: 8 },
      AudioCompletionRatio: { [MODEL]: 2, [AZURE_MODEL]: 2 },
    });
    await createChannel(kit.root, { name: 'openai-rt', type: 1, key: KEY, base_url: fake.url, models: MODEL });
    await createChannel(kit.root, { name: 'azure-rt', type: 3, key: AZURE_KEY, base_url: azure.url, models: AZURE_MODEL, other: '2024-10-01-preview' });
  });
  afterAll(() => kit.close());
  beforeEach(() => {
    fake.reset();
    azure.reset();
  });

  async function user(quota = 1_000_000): Promise<{ u: FundedUser; token: { id: number; key: string } }> {
    const u = await fundedUser(kit, quota);
    return { u, token: await createToken(u.caller, { unlimited_quota: true }) };
  }

  it('the openai SDK realtime client (Bearer): events pass unchanged, two responses with audio usage billed exactly, one consume log', async () => {
    const { u, token } = await user();
    const before = await balances(kit, u, token.id);
    fake.respond(U1, U2);
    const sdk = new OpenAI({ apiKey: token.key, baseURL: `${kit.t.url}/v1`, maxRetries: 0 });
    // The SDK always dials wss://; the test gateway speaks plain HTTP, so the TLS layer is left out
    // by handing ws a plain socket to the same host and port (URL, headers and frames are the SDK's).
    const port = Number(new URL(kit.t.url).port);
    const rt = new OpenAIRealtimeWS({ model: MODEL, options: { createConnection: () => connect(port, '127.0.0.1') } }, sdk);
    expect(rt.url.toString()).toBe(`wss://127.0.0.1:${port}/v1/realtime?model=${MODEL}`);
    const events: Ev[] = [];
    rt.on('event', (e) => events.push(e as unknown as Ev));
    const errors: unknown[] = [];
    rt.on('error', (e) => errors.push(e));
    await new Promise<void>((resolve, reject) => {
      rt.socket.once('open', () => resolve());
      rt.socket.once('unexpected-response', (_q, res) => reject(new Error(`status ${res.statusCode ?? 0}`)));
      rt.socket.once('error', reject);
    });
    const until = async (n: number): Promise<void> => {
      for (let i = 0; i < 500 && events.filter((e) => e.type === 'response.done').length < n; i++) await new Promise((r) => setTimeout(r, 10));
    };
    rt.send({ type: 'response.create' } as never);
    await until(1);
    rt.send({ type: 'response.create' } as never);
    await until(2);
    expect(events.map((e) => e.type)).toEqual([
      'session.created',
      ...['response.created', 'response.output_item.added', 'response.audio.delta', 'response.audio.done', 'response.done'],
      ...['response.created', 'response.output_item.added', 'response.audio.delta', 'response.audio.done', 'response.done'],
    ]);
    // unchanged: the usage object arrives as the upstream sent it
    expect((events[5] as unknown as { response: { usage: unknown } }).response.usage).toEqual(U1);
    expect(errors).toEqual([]);
    // upstream handshake: OpenAI's path, model, Bearer channel key and the beta header
    expect(fake.handshakes).toHaveLength(1);
    expect(fake.handshakes[0]).toMatchObject({ path: '/v1/realtime', query: { model: MODEL } });
    expect(fake.handshakes[0]?.headers['openai-beta']).toBe('realtime=v1');
    expect(fake.received.map((e) => e.type)).toEqual(['response.create', 'response.create']);
    rt.close();
    await idle(kit);
    const after = await balances(kit, u, token.id);
    expect(after.logs).toHaveLength(before.logs.length + 1);
    const log = after.logs[0] as LogRow;
    expect(log).toMatchObject({ model_name: MODEL, quota: Q1 + Q2, prompt_tokens: 300 + 40, completion_tokens: 350 + 130 });
    expect(otherOf(log)).toMatchObject({ audio: true, audio_input: 200, audio_output: 420, audio_ratio: 8, audio_completion_ratio: 2, request_path: '/v1/realtime' });
    expect(before.user.quota - after.user.quota).toBe(Q1 + Q2);
    expect(after.user.used - before.user.used).toBe(Q1 + Q2);
    expect(after.token.used - before.token.used).toBe(Q1 + Q2);
  });

  it('the browser form: the key in the subprotocols, `realtime` chosen', async () => {
    const { u, token } = await user();
    fake.respond(U2);
    const before = await balances(kit, u, token.id);
    const { client, protocol } = await open(kit, MODEL, { protocolKey: token.key });
    expect(protocol).toBe('realtime');
    await client.until((e) => e.some((x) => x.type === 'session.created'));
    client.ws.send(JSON.stringify({ type: 'response.create', response: { modalities: ['audio', 'text'] } }));
    await client.until((e) => e.some((x) => x.type === 'response.done'));
    client.ws.close();
    await idle(kit);
    const after = await balances(kit, u, token.id);
    expect(before.user.quota - after.user.quota).toBe(Q2);
    expect(after.logs).toHaveLength(before.logs.length + 1);
    // the channel's key went upstream, not the client's
    expect(fake.handshakes[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.stringify(fake.handshakes[0]?.headers)).not.toContain(token.key.slice(3));
  });

  it('a bad key is refused with 401 before anything reaches the upstream', async () => {
    await expect(open(kit, MODEL, { bearer: 'sk-notakey0123456789abcdefghijklmnopqrstuvwxyz' })).rejects.toThrow('status 401');
    await expect(open(kit, MODEL, { protocolKey: 'sk-notakey0123456789abcdefghijklmnopqrstuvwxyz' })).rejects.toThrow('status 401');
    await expect(open(kit, MODEL, {})).rejects.toThrow('status 401');
    expect(fake.handshakes).toHaveLength(0);
  });

  it('a token that runs out mid-session gets an error event and the socket closes', async () => {
    // 25000: the first hold (20000) passes and settles at 16750; the second (20000) cannot be held.
    const { u, token } = await user(25000);
    fake.respond(U1, U2);
    const { client } = await open(kit, MODEL, { bearer: token.key });
    client.ws.send(JSON.stringify({ type: 'response.create' }));
    await client.until((e) => e.some((x) => x.type === 'response.done'));
    client.ws.send(JSON.stringify({ type: 'response.create' }));
    const code = await client.closed;
    expect(code).toBe(1008);
    const err = client.events.find((e) => e.type === 'error') as { error: { code: string } } | undefined;
    expect(err?.error.code).toBe('insufficient_user_quota');
    expect(fake.received.filter((e) => e.type === 'response.create')).toHaveLength(1);
    await idle(kit);
    const after = await balances(kit, u, token.id);
    expect(after.user.quota).toBe(25000 - Q1);
    expect(after.logs).toHaveLength(1);
    expect(after.logs[0]?.quota).toBe(Q1);
  });

  it('a client that disconnects mid-response: the response is cancelled upstream and settled once with its usage', async () => {
    const { u, token } = await user();
    fake.respond(U2);
    fake.holdOpen();
    const { client } = await open(kit, MODEL, { bearer: token.key });
    client.ws.send(JSON.stringify({ type: 'response.create' }));
    await client.until((e) => e.some((x) => x.type === 'response.audio.delta'));
    // during the response the hold is reserved
    const during = await balances(kit, u, token.id);
    expect(during.user.quota).toBe(1_000_000 - HOLD);
    client.ws.terminate();
    await new Promise((r) => setTimeout(r, 100));
    await idle(kit);
    expect(fake.received.map((e) => e.type)).toEqual(['response.create', 'response.cancel']);
    const after = await balances(kit, u, token.id);
    expect(after.user.quota).toBe(1_000_000 - Q2);
    expect(after.user.used).toBe(Q2);
    expect(after.logs).toHaveLength(1);
    expect(after.logs[0]?.quota).toBe(Q2);
  });

  it('Azure (type 3): /openai/realtime with api-version and deployment, the key in api-key', async () => {
    const { u, token } = await user();
    azure.respond(U1);
    const { client } = await open(kit, AZURE_MODEL, { bearer: token.key });
    client.ws.send(JSON.stringify({ type: 'response.create' }));
    await client.until((e) => e.some((x) => x.type === 'response.done'));
    client.ws.close();
    await idle(kit);
    expect(azure.handshakes).toHaveLength(1);
    expect(azure.handshakes[0]).toMatchObject({ path: '/openai/realtime', query: { 'api-version': '2024-10-01-preview', deployment: AZURE_MODEL } });
    expect(azure.handshakes[0]?.headers['api-key']).toBe(AZURE_KEY);
    expect(azure.handshakes[0]?.headers.authorization).toBeUndefined();
    const after = await balances(kit, u, token.id);
    expect(after.logs[0]?.quota).toBe(Q1);
    expect(1_000_000 - after.user.quota).toBe(Q1);
  });

  it('a response the server starts itself (voice activity) is held at response.created and billed', async () => {
    const { u, token } = await user();
    fake.respond(U1);
    const { client } = await open(kit, MODEL, { bearer: token.key });
    client.ws.send(JSON.stringify({ type: 'input_audio_buffer.append', audio: Buffer.alloc(960).toString('base64') }));
    client.ws.send(JSON.stringify({ type: 'input_audio_buffer.commit' }));
    await client.until((e) => e.some((x) => x.type === 'response.done'));
    client.ws.close();
    await idle(kit);
    const after = await balances(kit, u, token.id);
    expect(1_000_000 - after.user.quota).toBe(Q1);
    expect(after.logs.map((l) => l.quota)).toEqual([Q1]);
  });

  it('a server-started response the balance cannot hold: error event, close, nothing charged', async () => {
    const { u, token } = await user(HOLD - 1);
    fake.respond(U1);
    const { client } = await open(kit, MODEL, { bearer: token.key });
    client.ws.send(JSON.stringify({ type: 'input_audio_buffer.commit' }));
    expect(await client.closed).toBe(1008);
    expect((client.events.find((e) => e.type === 'error') as { error: { code: string } } | undefined)?.error.code).toBe('insufficient_user_quota');
    // the response's deltas were not passed on
    expect(client.count('response.audio.delta')).toBe(0);
    await idle(kit);
    const after = await balances(kit, u, token.id);
    expect(after.user.quota).toBe(HOLD - 1);
    expect(after.logs).toHaveLength(0);
  });

  it('an upstream that drops mid-response: the hold is refunded, the client is closed, no log', async () => {
    const { u, token } = await user();
    fake.respond(U1);
    fake.drop();
    const { client } = await open(kit, MODEL, { bearer: token.key });
    client.ws.send(JSON.stringify({ type: 'response.create' }));
    expect(await client.closed).toBe(1011);
    expect(client.count('response.audio.delta')).toBe(1);
    await idle(kit);
    const after = await balances(kit, u, token.id);
    expect(after.user.quota).toBe(1_000_000);
    expect(after.logs).toHaveLength(0);
  });

  it('a client frame over the bound closes the session with an error event; nothing of it reaches the upstream', async () => {
    const { u, token } = await user();
    const { client } = await open(kit, MODEL, { bearer: token.key });
    await client.until((e) => e.some((x) => x.type === 'session.created'));
    client.ws.send(JSON.stringify({ type: 'input_audio_buffer.append', audio: 'A'.repeat(5 * 1024 * 1024) }));
    const code = await client.closed;
    expect(code).toBe(1009);
    expect((client.events.find((e) => e.type === 'error') as { error: { code: string } } | undefined)?.error.code).toBe('frame_too_large');
    await idle(kit);
    expect(fake.received).toHaveLength(0);
    const after = await balances(kit, u, token.id);
    expect(after.logs).toHaveLength(0);
    expect(after.user.quota).toBe(1_000_000);
  });
});
