import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import WebSocket, { WebSocketServer, type RawData } from 'ws';
import { BillingService } from '../billing/billing.service';
import { holdFor } from '../billing/quota';
import { ChannelHealthService } from '../channels/channel-health.service';
import { ChannelsService, type RelayChannel } from '../channels/channels.service';
import { RoutingIndexService } from '../channels/routing-index.service';
import { newRequestId } from '../common/request-id';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { LogsService } from '../logs/logs.service';
import { OptionsService } from '../options/options.service';
import { azureDeployment } from '../relay/adaptors/azure/azure.adaptor';
import { Failover, noChannel } from '../relay/pipeline/failover';
import { RelayAuthService, type RelayCaller } from '../relay/edge/relay-auth.service';
import { RelayError, renderRelayError } from '../relay/edge/relay-errors';
import { RelayPricing, type ResolvedPricing } from '../relay/money/relay-pricing';
import { heartbeatMs } from '../relay/pipeline/relay.service';
import { RelayLimits, type LimitTicket } from '../relay/admission/limits/relay-limits.service';
import { RealtimeSession } from './realtime-session';
import { subprotocolKey } from './realtime-usage';
import { REALTIME_ROUTE } from './realtime-route';

export const REALTIME_PATH = REALTIME_ROUTE.url;
/** A client frame above this closes the session with an error event. */
export const REALTIME_MAX_CLIENT_FRAME = 4 * 1024 * 1024;
/** ws itself drops frames above this (close 1009) before we see them. */
const HARD_FRAME_LIMIT = 16 * 1024 * 1024;
const UPSTREAM_CONNECT_MS = 15_000;

/** The admitted upgrade: who, which model, at what price, on which channel. */
export interface RealtimeAdmission {
  requestId: string;
  caller: RelayCaller;
  model: string;
  upstreamModel: string;
  priced: ResolvedPricing;
  channel: RelayChannel;
  ticket: LimitTicket | null;
  holdAmount: number;
  startedAt: number;
}

/**
 * `GET /v1/realtime?model=` (OpenAI's realtime WebSocket API): admission as the HTTP relay does it
 * (RelayAuthService, token model limits, rate and token limits, the channel pick), then one upstream
 * socket per client socket on a channel of type 1 (OpenAI) or 3 (Azure); billing in RealtimeSession.
 */
@Injectable()
export class RealtimeService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Realtime');
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: HARD_FRAME_LIMIT,
    perMessageDeflate: false,
    // The browser form offers `realtime` (and the key): answer with `realtime` when offered.
    handleProtocols: (protocols) => (protocols.has('realtime') ? 'realtime' : false),
  });
  private readonly failover: Failover;
  private readonly sessions = new Set<RealtimeSession>();
  private detach: (() => void) | null = null;
  private upgrading = 0;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly host: HttpAdapterHost,
    private readonly auth: RelayAuthService,
    private readonly pricing: RelayPricing,
    private readonly limits: RelayLimits,
    private readonly options: OptionsService,
    private readonly ledger: BillingService,
    private readonly logs: LogsService,
    private readonly db: DatabaseService,
    routing: RoutingIndexService,
    channels: ChannelsService,
    health: ChannelHealthService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.failover = new Failover(routing, channels, health);
    // Open holds are touched like the HTTP relay's, so the sweeper leaves a long response alone.
    const every = heartbeatMs(config.holdSweepAfterSeconds);
    this.heartbeat = setInterval(() => {
      for (const s of this.sessions) s.heartbeat(Date.now() - every);
    }, every);
    this.heartbeat.unref();
  }

  onApplicationBootstrap(): void {
    const server = (this.host.httpAdapter.getInstance() as { server: import('node:http').Server }).server;
    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== REALTIME_PATH) {
        refuse(socket, 404, { error: { message: 'not found', type: 'invalid_request_error', code: 'not_found', param: null } });
        return;
      }
      this.upgrading += 1;
      void this.upgrade(req, socket, head).finally(() => (this.upgrading -= 1));
    };
    server.on('upgrade', onUpgrade);
    this.detach = () => server.off('upgrade', onUpgrade);
  }

  /** Resolves once every open session has ended and settled (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.sessions.size > 0 || this.upgrading > 0) {
      await Promise.all([...this.sessions].map((s) => s.done));
      if (this.upgrading > 0) await new Promise((r) => setTimeout(r, 10));
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.detach?.();
    clearInterval(this.heartbeat);
    await Promise.all([...this.sessions].map((s) => s.shutdown()));
    this.wss.close();
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const requestId = newRequestId();
    socket.on('error', () => undefined);
    let admission: RealtimeAdmission;
    let upstream: UpstreamSocket;
    try {
      admission = await this.admit(req, requestId);
    } catch (err) {
      const r = renderRelayError(err, 'en', requestId);
      if (r.unexpected) this.logger.error(`realtime admission ${requestId}: ${(err as Error)?.message ?? String(err)}`);
      const { status, ...error } = r.error;
      refuse(socket, status, { error }, { ...r.headers, 'x-request-id': requestId });
      return;
    }
    try {
      upstream = await this.connect(admission);
    } catch (err) {
      admission.ticket?.settle(0);
      this.logger.warn(`realtime upstream ${requestId} (channel ${admission.channel.id}): ${(err as Error)?.message ?? String(err)}`);
      refuse(socket, 502, { error: { message: `upstream realtime connection failed (request id: ${requestId})`, type: 'upstream_error', code: 'bad_upstream', param: null } }, { 'x-request-id': requestId });
      return;
    }
    if (socket.destroyed) {
      upstream.ws.close();
      admission.ticket?.settle(0);
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (client) => {
      const session = new RealtimeSession(admission, client, upstream, {
        ledger: this.ledger,
        writeLog: (log) => this.db.write((em) => this.logs.record(em, log)),
        logConsume: () => this.options.bool('LogConsumeEnabled'),
        maxClientFrame: REALTIME_MAX_CLIENT_FRAME,
        logger: this.logger,
      });
      this.sessions.add(session);
      session.done.then(() => this.sessions.delete(session));
      session.start();
    });
  }

  /** Everything the HTTP relay checks before a hold, in its order; throws a RelayError. */
  async admit(req: IncomingMessage, requestId: string): Promise<RealtimeAdmission> {
    const url = new URL(req.url ?? '/', 'http://local');
    const headers = { ...req.headers };
    const fromProtocol = subprotocolKey(req.headers['sec-websocket-protocol']);
    if (!headers.authorization && fromProtocol !== null) headers.authorization = `Bearer ${fromProtocol}`;
    const view = { headers, url: req.url ?? '/', ip: req.socket.remoteAddress ?? '' } as unknown as FastifyRequest;
    const caller = await this.auth.authenticate(view);
    const model = (url.searchParams.get('model') ?? '').trim().slice(0, 256);
    if (model === '') throw new RelayError('invalid_request', 'relay.field_required', 400, { field: 'model' });
    this.auth.checkModel(caller, model);
    await this.auth.checkRateLimits(caller);
    const hit = this.pricing.lookup(model, caller.group);
    if (!hit) throw new RelayError('model_price_unset', 'relay.model_price_unset', 400, { model: model.slice(0, 128) });
    const priced: ResolvedPricing = { ...hit, perCallMultiplier: 1 };
    const { channel } = await this.failover.firstChannel(caller.group, model, caller.pinnedChannelId);
    if (channel.type !== 1 && channel.type !== 3) throw noChannel(caller.group, model);
    const holdAmount = holdFor({ promptTokens: 0, completionBound: null }, priced.pricing, { preConsumedTokens: this.options.num('PreConsumedQuota') });
    let ticket: LimitTicket | null = null;
    const scopes = this.limits.scopes(caller);
    if (scopes) ticket = await this.limits.admit(scopes, Math.max(0, this.options.num('PreConsumedQuota')));
    const upstreamModel = channel.modelMapping[model] ?? model;
    return { requestId, caller, model, upstreamModel, priced, channel, ticket, holdAmount, startedAt: Date.now() };
  }

  /** The upstream socket, open: OpenAI `/v1/realtime?model=` (Bearer, OpenAI-Beta) or Azure `/openai/realtime` (api-key). */
  private connect(a: RealtimeAdmission): Promise<UpstreamSocket> {
    const { url, headers } = upstreamTarget(a.channel, a.upstreamModel);
    const early: [RawData, boolean][] = [];
    const buffer = (data: RawData, isBinary: boolean): void => {
      early.push([data, isBinary]);
    };
    return new Promise<{ ws: WebSocket; early: [RawData, boolean][]; stopBuffering(): void }>((resolve, reject) => {
      const ws = new WebSocket(url, { headers, maxPayload: HARD_FRAME_LIMIT, perMessageDeflate: false, handshakeTimeout: UPSTREAM_CONNECT_MS });
      // Events sent before the client's upgrade completes (session.created) wait for the session.
      ws.on('message', buffer);
      ws.once('open', () => resolve({ ws, early, stopBuffering: () => ws.off('message', buffer) }));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => {
        res.resume();
        reject(new Error(`upstream answered ${res.statusCode ?? 0}`));
        ws.terminate();
      });
    });
  }
}

/** An open upstream socket and the events it sent before the session took it over. */
export interface UpstreamSocket {
  ws: WebSocket;
  early: [RawData, boolean][];
  stopBuffering(): void;
}

/** The upstream address and headers of a type 1 or type 3 channel. */
export function upstreamTarget(channel: RelayChannel, upstreamModel: string): { url: string; headers: Record<string, string> } {
  const base = (channel.baseUrl.trim() || (channel.type === 1 ? 'https://api.openai.com' : '')).replace(/\/+$/, '').replace(/^http/i, 'ws');
  if (channel.type === 3) {
    const version = channel.other.trim() || '2024-10-01-preview';
    const q = new URLSearchParams({ 'api-version': version, deployment: azureDeployment(upstreamModel) });
    return { url: `${base}/openai/realtime?${q.toString()}`, headers: { 'api-key': channel.key } };
  }
  const headers: Record<string, string> = { Authorization: `Bearer ${channel.key}`, 'OpenAI-Beta': 'realtime=v1' };
  if (channel.openaiOrganization) headers['OpenAI-Organization'] = channel.openaiOrganization;
  return { url: `${base}/v1/realtime?model=${encodeURIComponent(upstreamModel)}`, headers };
}

/** Answers an upgrade with a plain HTTP error (nothing reached the upstream). */
function refuse(socket: Duplex, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (socket.destroyed) return;
  const text = JSON.stringify(body);
  const lines = [`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 404 ? 'Not Found' : 'Error'}`, 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(text)}`, 'Connection: close'];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  socket.end(`${lines.join('\r\n')}\r\n\r\n${text}`);
}

