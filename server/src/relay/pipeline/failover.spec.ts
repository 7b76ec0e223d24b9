import type { ChannelHealthService } from '../../channels/channel-health.service';
import type { ChannelsService, RelayChannel } from '../../channels/channels.service';
import type { RoutingIndexService } from '../../channels/routing-index.service';
import { mapOpenAIError } from '../adaptors/openai-compatible/error';
import type { ChannelContext } from '../adaptors/types';
import type { UpstreamFailure } from '../../wire/canonical/errors';
import type { CanonicalRequest } from '../../wire/canonical/request';
import type { EndpointOps } from './endpoints';
import type { ClientExchange } from './exchange';
import { Failover, type FailoverRequest } from './failover';
import type { AttemptResult } from './upstream-attempt';

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
    req: { endpoint: 'chat', model: 'm' } as unknown as CanonicalRequest,
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
