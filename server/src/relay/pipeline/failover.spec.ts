import type { ChannelHealthService } from '../../channels/channel-health.service';
import type { ChannelsService, RelayChannel } from '../../channels/channels.service';
import type { RoutingIndexService } from '../../channels/routing-index.service';
import { mapOpenAIError } from '../adaptors/openai-compatible/error';
import type { ChannelContext } from '../adaptors/types';
import type { UpstreamFailure } from '../../wire/canonical/errors';
import type { CanonicalRequest } from '../../wire/canonical/request';
import { ENDPOINTS, type EndpointOps } from './endpoints';
import type { ClientExchange } from './exchange';
import { Failover, asBytes, prepare, type FailoverRequest } from './failover';
import type { UpstreamRequest } from '../adaptors/types';
import { parseChatRequest } from '../../wire/openai-chat/parse';
import type { AttemptResult } from './upstream-attempt';
import { HeldRequest } from './held-request';

function channel(id: number, over: Partial<RelayChannel> = {}): RelayChannel {
  return {
    id,
    name: `ch${id}`,
    type: 1,
    status: 1,
    key: `sk-key-${id}`,
    baseUrl: 'https://api.openai.com',
    groups: ['default'],
    models: ['m'],
    modelMapping: {},
    statusCodeMapping: {},
    openaiOrganization: '',
    other: '',
    autoBan: true,
    testModel: '',
    priority: 0,
    weight: 0,
    ...over,
  };
}

const upstream401 = (): AttemptResult => ({
  kind: 'failed',
  fromStatus: true,
  clientGone: false,
  failure: mapOpenAIError(
    { status: 401, text: JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }) },
    { key: 'sk-key-1' } as ChannelContext,
  ),
});

/** A failover over `channels` (tried in order) whose attempts answer from `answers` by channel id. */
function harness(channels: RelayChannel[], answers: Record<number, AttemptResult>) {
  const byId = new Map(channels.map((c) => [c.id, c]));
  const reported: { id: number; failure: UpstreamFailure }[] = [];
  const routing = {
    pick: (_g: string, _m: string, tried: ReadonlySet<number>) => {
      const c = channels.find((x) => !tried.has(x.id));
      return c ? { channelId: c.id } : null;
    },
  } as unknown as RoutingIndexService;
  const svc = { getForRelay: async (id: number) => byId.get(id) ?? null } as unknown as ChannelsService;
  const health = {
    reportFailure: async (id: number, failure: UpstreamFailure) => {
      reported.push({ id, failure });
    },
  } as unknown as ChannelHealthService;
  const failover = new Failover(routing, svc, health);
  const request: FailoverRequest = {
    exchange: { gone: false } as ClientExchange,
    ops: { endpoint: 'chat', build: () => ({ method: 'POST', url: 'https://x/v1/chat/completions', headers: {}, body: '{}', expect: 'json' }) } as unknown as EndpointOps,
    request: new HeldRequest({ endpoint: 'chat', model: 'm' } as unknown as CanonicalRequest),
    group: 'default',
    pinned: null,
    first: channels[0] as RelayChannel,
    retryTimes: 2,
    retryWindowMs: 60_000,
    attempt: async (c) => answers[c.id] ?? { kind: 'failed', fromStatus: false, clientGone: false, failure: mapOpenAIError({ status: 500, text: '' }, { key: 'sk-key-x' } as ChannelContext) },
  };
  return { failover, request, reported };
}

describe('Failover and status_code_mapping', () => {
  it('an upstream 401 is reported as a disable and not retried (rule 21)', async () => {
    const h = harness([channel(1), channel(2)], { 1: upstream401() });
    const res = await h.failover.run(h.request);
    expect(res).toMatchObject({ kind: 'failed', chain: [1] });
    expect(h.reported).toEqual([{ id: 1, failure: expect.objectContaining({ status: 401, disableChannel: true }) }]);
    if (res.kind === 'failed') expect(res.error.status).toBe(401);
  });

  it('a 401 mapped to 500 is reported with the mapped status, does not disable, and fails over', async () => {
    const h = harness([channel(1, { statusCodeMapping: { '401': '500' } }), channel(2)], { 1: upstream401() });
    const res = await h.failover.run(h.request);
    expect(res).toMatchObject({ kind: 'failed', chain: [1, 2] });
    expect(h.reported[0]).toEqual({ id: 1, failure: expect.objectContaining({ status: 500, class: 'server', disableChannel: false, retryable: true }) });
  });

  it('a 400 with an auth code mapped to 401 is reported as a 401 and answers the client 401', async () => {
    const bad: AttemptResult = {
      kind: 'failed',
      fromStatus: true,
      clientGone: false,
      failure: mapOpenAIError({ status: 400, text: JSON.stringify({ error: { message: 'API key not valid', type: 'invalid_request_error', code: 'invalid_api_key' } }) }, { key: 'sk-key-x' } as ChannelContext),
    };
    const h = harness([channel(1, { statusCodeMapping: { '400': '401' } }), channel(2)], { 1: bad });
    const res = await h.failover.run(h.request);
    expect(res).toMatchObject({ kind: 'failed', chain: [1] });
    if (res.kind === 'failed') expect(res.error.status).toBe(401);
    expect(h.reported[0]?.failure).toMatchObject({ status: 401, class: 'auth', disableChannel: true });
  });

  it('transport failures are not remapped', async () => {
    const h = harness([channel(1, { statusCodeMapping: { '502': '400' } }), channel(2)], {
      1: { kind: 'failed', fromStatus: false, clientGone: false, failure: { class: 'server', retryable: true, disableChannel: false, status: 502, code: null, type: null, message: 'could not connect', retryAfterSeconds: null } },
    });
    const res = await h.failover.run(h.request);
    expect(res).toMatchObject({ kind: 'failed', chain: [1, 2] });
    expect(h.reported[0]?.failure.status).toBe(502);
  });
});

describe('the upstream body', () => {
  const prompt = 'word '.repeat(20_000);
  const chat = () => parseChatRequest({ model: 'm', messages: [{ role: 'user', content: prompt }], stream: true });

  it('is bytes from the moment the request is built: undici keeps that Buffer, not a copy of a string', async () => {
    const prepared = await prepare(channel(1), ENDPOINTS.chat, chat(), undefined);
    if ('failed' in prepared) throw new Error('prepare failed');
    const body = prepared.upstream.body;
    expect(Buffer.isBuffer(body)).toBe(true);
    const sent = JSON.parse(Buffer.from(body as Uint8Array).toString('utf8')) as { model: string; stream: boolean; messages: { content: string }[] };
    expect(sent).toMatchObject({ model: 'm', stream: true });
    expect(sent.messages[0]?.content).toBe(prompt);
  });

  it('reaches the attempt as bytes', async () => {
    const h = harness([channel(1)], {});
    const seen: UpstreamRequest[] = [];
    const res = await h.failover.run({
      ...h.request,
      ops: ENDPOINTS.chat,
      request: new HeldRequest(chat()),
      attempt: async (_c, _a, _ctx, upstream) => {
        seen.push(upstream);
        return { kind: 'served', charge: { kind: 'none' } } as unknown as AttemptResult;
      },
    });
    expect(res.kind).toBe('served');
    expect(seen).toHaveLength(1);
    expect(Buffer.isBuffer(seen[0]?.body)).toBe(true);
  });

  it('stays as built for a WebSocket (a text frame), for bytes and for no body', () => {
    const base = { method: 'POST' as const, url: 'wss://x/v1', headers: {} };
    const ws: UpstreamRequest = { ...base, body: '{"a":1}', expect: 'websocket' };
    const bytes: UpstreamRequest = { ...base, body: Buffer.from('{}'), expect: 'json' };
    const none: UpstreamRequest = { ...base, body: null, expect: 'json' };
    for (const u of [ws, bytes, none]) expect(asBytes(u)).toBe(u);
    const text: UpstreamRequest = { ...base, body: 'é{}', expect: 'sse' };
    const made = asBytes(text);
    expect(made).not.toBe(text);
    expect(made).toEqual({ ...text, body: Buffer.from('é{}') });
  });
});
