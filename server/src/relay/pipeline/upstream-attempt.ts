import { t, type MessageKey } from '../../common/messages';
import { estimateTokens } from '../../billing/token-estimator';
import { reportsCompletion } from '../../billing/usage-clamp';
import { CancelSwitch, OutboundError, type OutboundClient, type OutboundResponse } from '../../outbound/outbound.service';
import type { Adaptor, ChannelContext, ResponseKind, UpstreamRequest, UpstreamResponse } from '../adaptors/types';
import { transportFailure, type UpstreamFailure } from '../../wire/canonical/errors';
import type { EndpointOps } from './endpoints';
import { TOOL_CALL_TOKENS, zeroUsageIsMissing, type Charge } from '../money/relay-billing';
import { AwsEventStreamDecoder, type StreamFraming } from '../../wire/framing/eventstream/aws-event-stream';
import { NdjsonDecoder } from '../../wire/framing/ndjson/ndjson';
import { SseParser } from '../../wire/framing/sse/sse-parser';
import { WholeBodyFraming } from '../../wire/framing/whole/whole-body';
import { WebSocketMessageFraming } from '../../wire/framing/websocket/message-framing';
import type { AttemptClient } from './attempt-client';
import type { HeldRequest } from './held-request';
import { isStreaming } from './endpoints';
import { socketMessages } from './socket-messages';
import { StreamPump, type AbortReason, type DrainBounds, type PumpBody } from './stream-pump';
import type { Readable } from 'node:stream';

export interface AttemptLimits {
  headersTimeoutMs: number;
  idleTimeoutMs: number;
  drain: DrainBounds;
  maxEventBytes: number;
  /** Non-stream answers (base64 images can be large). */
  maxResponseBytes: number;
  /** Error bodies are read only this far (scrubbed and cut later). */
  maxErrorBytes: number;
  checkpointMs: number;
}

export interface AttemptInput {
  exchange: AttemptClient;
  ops: EndpointOps;
  /** The client's request: a streamed answer lets it go at its first byte (`HeldRequest`). */
  request: HeldRequest;
  adaptor: Adaptor;
  ctx: ChannelContext;
  upstream: UpstreamRequest;
  allowPrivate: boolean;
  /** Epoch ms after which the whole request is cut. */
  deadline: number;
  promptEstimate: number;
  checkpoint(completionTokens: number): void;
}

export type AttemptResult =
  | { kind: 'served'; charge: Charge }
  | {
      kind: 'failed';
      failure: UpstreamFailure;
      /** From an upstream HTTP status (status_code_mapping applies, retry follows the mapped status). */
      fromStatus: boolean;
      clientGone: boolean;
      /** Catalogue text for failures the relay detected itself. */
      messageKey?: MessageKey;
    };

function headerMap(h: OutboundResponse['headers']): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  // for-in, not Object.entries: no array of pairs per answer (the headers are a plain object).
  for (const k in h) {
    if (!Object.hasOwn(h, k)) continue;
    const v = h[k];
    out[k.toLowerCase()] = Array.isArray(v) ? v[0] : v;
  }
  return out;
}

/**
 * The request is out, so its body is not needed again (a failover builds the next channel's own
 * request), but the frames that live as long as an answer hold this object: the attempt's, and
 * the failover's. Dropped here, as undici drops its own reference once it has written a long
 * body (`SentOnce`), so a long prompt or an uploaded file is not kept for a whole stream. The
 * object is this attempt's own (`prepare` builds one per attempt).
 */
function bodySent(upstream: UpstreamRequest): void {
  (upstream as { body: UpstreamRequest['body'] }).body = null;
}

function transport(kind: Parameters<typeof transportFailure>[0], key: MessageKey, clientGone = false): AttemptResult {
  return { kind: 'failed', failure: transportFailure(kind), fromStatus: false, clientGone, messageKey: key };
}

/** Classifies a failed `OutboundClient.request` by what the relay itself cancelled. */
function requestFailure(err: unknown, reason: AbortReason | null): AttemptResult {
  if (reason === 'client') return transport('aborted', 'relay.upstream_connect', true);
  if (reason === 'headers') return transport('headers_timeout', 'relay.upstream_timeout');
  if (reason === 'total') return transport('total_timeout', 'relay.upstream_too_long');
  const kind = err instanceof OutboundError ? err.kind : 'network';
  if (kind === 'timeout') return transport('headers_timeout', 'relay.upstream_timeout');
  if (kind === 'blocked' || kind === 'bad_url') {
    // The channel points somewhere the outbound policy refuses: a configuration problem.
    return { kind: 'failed', failure: { ...transportFailure('connect'), message: 'upstream address not allowed' }, fromStatus: false, clientGone: false, messageKey: 'relay.upstream_blocked' };
  }
  return transport('connect', 'relay.upstream_connect');
}

/**
 * One call to one channel: send, wait for headers under the headers timeout, then read the
 * answer by its kind (SSE through the pump, binary piped, JSON/text read whole). A failure
 * before anything reached the client comes back as `failed` so the caller may fail over.
 */
export async function runAttempt(outbound: OutboundClient, limits: AttemptLimits, a: AttemptInput): Promise<AttemptResult> {
  // A WebSocket needs an AbortSignal; an HTTP request takes the cheaper switch (same outcomes).
  const controller = a.upstream.expect === 'websocket' ? new AbortController() : new CancelSwitch();
  let reason: AbortReason | null = null;
  const abort = (r: AbortReason): void => {
    if (reason !== null) return;
    reason = r;
    controller.abort();
  };
  const remaining = a.deadline - Date.now();
  if (remaining <= 0) return transport('total_timeout', 'relay.upstream_too_long');
  const totalTimer = setTimeout(() => abort('total'), remaining);
  try {
    if (controller instanceof AbortController) return await socketAttempt(outbound, limits, a, controller.signal, abort, () => reason);
    // Client gone before upstream headers: cancel and charge nothing (money rule 6).
    const removeGone = a.exchange.onGone(() => abort('client'));
    const headersTimer = setTimeout(() => abort('headers'), limits.headersTimeoutMs);
    let res: OutboundResponse;
    try {
      // Signed per attempt, right before sending, so the signature's clock is the send time.
      const upstream = a.adaptor.signRequest ? await a.adaptor.signRequest(a.upstream, a.ctx, new Date()) : a.upstream;
      res = await outbound.request({
        url: upstream.url,
        method: upstream.method,
        headers: upstream.headers as Record<string, string>,
        body: upstream.body,
        allowPrivate: a.allowPrivate,
        timeouts: { headersMs: limits.headersTimeoutMs, idleMs: limits.idleTimeoutMs },
        signal: controller,
      });
      bodySent(upstream);
      bodySent(a.upstream);
    } catch (err) {
      return requestFailure(err, reason);
    } finally {
      clearTimeout(headersTimer);
      removeGone();
    }
    const headers = headerMap(res.headers);
    if (res.status >= 300 && res.status < 400) {
      // Not followed, not passed on (the Location could point anywhere): a 502 in the caller's
      // format. The (bounded) body is read and dropped so the connection goes back to the pool.
      await outbound.readText(res, limits.maxErrorBytes, 'truncate').catch(() => '');
      return transport('redirect', 'relay.upstream_invalid');
    }
    if (res.status < 200 || res.status >= 300) return await errorAnswer(outbound, limits, a, res, headers);
    const contentType = headers['content-type'] ?? '';
    if (isStreamAnswer(a.upstream.expect, contentType)) return await streamAnswer(limits, a, res.body, framingOf(a.upstream, limits, contentType), abort, () => reason);
    if (a.upstream.expect === 'binary') return await binaryAnswer(a, res, headers);
    return await wholeAnswer(outbound, limits, a, res, headers);
  } finally {
    clearTimeout(totalTimer);
  }
}

/**
 * Whether a 2xx answer is read as a stream. An SSE or event-stream request answered with JSON is
 * a whole answer (an upstream that ignored `stream`, or an error in a 200). An NDJSON stream is
 * JSON whatever its content type says (`application/stream+json`, `application/x-ndjson`, or a
 * bare `application/json` from a proxy), as Cohere's SDKs read it: always a stream; so is the
 * whole answer of a provider without a stream, which the adaptor turns into the client's stream.
 */
function isStreamAnswer(expect: ResponseKind, contentType: string): boolean {
  if (expect === 'ndjson' || expect === 'json-as-stream') return true;
  return (expect === 'sse' || expect === 'aws-eventstream') && !/json/i.test(contentType);
}

/**
 * How the upstream's stream bytes become events: the adaptor's declared framing (the pump's plain
 * SSE parser when undefined). An NDJSON stream the upstream answered as `text/event-stream` is read
 * as SSE: Cohere serves its v1 stream either way by the Accept header, and its SDKs read both.
 */
function framingOf(upstream: UpstreamRequest, limits: AttemptLimits, contentType: string): StreamFraming | undefined {
  const maxEventBytes = limits.maxEventBytes;
  if (upstream.expect === 'aws-eventstream') return new AwsEventStreamDecoder({ maxEventBytes });
  if (upstream.expect === 'ndjson' && !/^\s*text\/event-stream/i.test(contentType)) return new NdjsonDecoder({ maxEventBytes });
  // Bounded as a whole answer is.
  if (upstream.expect === 'json-as-stream') return new WholeBodyFraming({ maxBytes: limits.maxResponseBytes });
  if (upstream.sseFields && upstream.sseFields.length > 0) return new SseParser({ maxEventBytes, fields: upstream.sseFields });
  return undefined;
}

async function errorAnswer(
  outbound: OutboundClient,
  limits: AttemptLimits,
  a: AttemptInput,
  res: OutboundResponse,
  headers: Record<string, string | undefined>,
): Promise<AttemptResult> {
  let text = '';
  try {
    text = await outbound.readText(res, limits.maxErrorBytes, 'truncate');
  } catch {
    // The status alone still says what happened.
  }
  const failure = a.adaptor.mapError({ status: res.status, text, headers }, a.ctx);
  return { kind: 'failed', failure, fromStatus: true, clientGone: false };
}

async function streamAnswer(
  limits: AttemptLimits,
  a: AttemptInput,
  body: PumpBody,
  framing: StreamFraming | undefined,
  abort: (r: AbortReason) => void,
  aborted: () => AbortReason | null,
): Promise<AttemptResult> {
  const { openStream, clientStream } = a.ops;
  if (!openStream || !clientStream) throw new Error(`endpoint ${a.ops.endpoint} cannot stream`);
  const parse = openStream(a.adaptor, a.request.req, a.ctx);
  const pump = new StreamPump({
    body,
    // The relay owns the framing: SSE by default, another when the adaptor says so.
    framing,
    exchange: a.exchange,
    parse,
    // The glance reads SSE events of the adaptor's own chunks: not another framing's.
    skim: framing === undefined ? a.ops.skimStream?.(a.adaptor) : undefined,
    // The client side speaks the inbound format (one encoder per answer).
    encoder: clientStream(a.request.req),
    // Let go when the answer is committed: the readers above keep its view only.
    request: a.request,
    idleMs: limits.idleTimeoutMs,
    drain: limits.drain,
    maxEventBytes: limits.maxEventBytes,
    abort,
    aborted,
    checkpoint: a.checkpoint,
    checkpointMs: limits.checkpointMs,
    promptEstimate: a.promptEstimate,
    interruptedMessage: (kind) =>
      t(kind === 'idle' ? 'relay.upstream_stalled' : kind === 'total' ? 'relay.upstream_too_long' : 'relay.upstream_interrupted', a.exchange.lang),
  });
  const r = await pump.run();
  if (r.kind === 'served') return r;
  return { kind: 'failed', failure: r.failure, fromStatus: false, clientGone: r.clientGone, messageKey: messageKeyFor(r.failure) };
}

function messageKeyFor(f: UpstreamFailure): MessageKey | undefined {
  // Errors the upstream described itself keep their own text.
  if (f.code !== null || f.type !== null) return undefined;
  if (f.class === 'timeout') return f.retryable ? 'relay.upstream_timeout' : 'relay.upstream_too_long';
  return 'relay.upstream_invalid';
}

/** Audio bytes: piped as they come, with backpressure; usage is the input (TTS bills characters). */
async function binaryAnswer(a: AttemptInput, res: OutboundResponse, headers: Record<string, string | undefined>): Promise<AttemptResult> {
  const parsed = a.ops.parseResponse(a.adaptor, a.request.req, { status: res.status, headers, text: '', bytes: 0 }, a.ctx);
  if (!parsed.ok) {
    res.body.destroy();
    return { kind: 'failed', failure: parsed.failure, fromStatus: false, clientGone: false };
  }
  const x = a.exchange;
  const out: Record<string, string> = { 'Content-Type': headers['content-type'] ?? 'application/octet-stream' };
  if (headers['content-length']) out['Content-Length'] = headers['content-length'];
  x.writeHead(200, out);
  try {
    for await (const chunk of res.body.readable()) {
      // A client gone mid-audio: the usage (the input) is known, so there is nothing to drain
      // for; leaving the loop destroys the body, which cuts the upstream (money rule 6).
      if (x.gone) break;
      if (!x.write(chunk as Buffer)) await x.whenDrained();
    }
  } catch {
    // The upstream broke mid-audio: nothing usable was delivered, so nothing is charged.
    x.end();
    return { kind: 'served', charge: { kind: 'delivered', deliveredTokens: 0, reason: 'upstream_error' } };
  }
  x.end();
  return { kind: 'served', charge: { kind: 'usage', reported: parsed.usage, completionEstimate: 0, zeroIsMissing: false } };
}

/** JSON and text answers, read whole (bounded), parsed, then sent in one write. */
async function wholeAnswer(
  outbound: OutboundClient,
  limits: AttemptLimits,
  a: AttemptInput,
  res: OutboundResponse,
  headers: Record<string, string | undefined>,
): Promise<AttemptResult> {
  let text: string;
  try {
    text = await outbound.readText(res, limits.maxResponseBytes);
  } catch (err) {
    const kind = err instanceof OutboundError ? err.kind : 'network';
    if (kind === 'too_large') return transport('protocol', 'relay.upstream_invalid');
    return transport(kind === 'timeout' ? 'idle_timeout' : 'total_timeout', 'relay.upstream_too_long');
  }
  return answerWhole(a, { status: res.status, headers, text, bytes: Buffer.byteLength(text) });
}

/** A whole answer read: parsed, sent in one write, charged by its usage (or the estimate). */
function answerWhole(a: AttemptInput, upstream: UpstreamResponse): AttemptResult {
  const { headers } = upstream;
  const parsed = a.ops.parseResponse(a.adaptor, a.request.req, upstream, a.ctx);
  if (!parsed.ok) return { kind: 'failed', failure: parsed.failure, fromStatus: false, clientGone: false, messageKey: messageKeyFor(parsed.failure) };
  const contentType = a.upstream.expect === 'text' ? (headers['content-type'] ?? 'text/plain; charset=utf-8') : 'application/json';
  // A client that left after the upstream answered still pays for the answer it caused.
  a.exchange.send(200, contentType, parsed.clientBody);
  // The estimate only counts where the upstream reported no usable completion count
  // (for generated text, a 0 is judged against it: output that came back is not free).
  const zeroIsMissing = zeroUsageIsMissing(a.request.endpoint);
  const completionEstimate = reportsCompletion(parsed.usage, zeroIsMissing) ? 0 : estimateTokens(parsed.outputText) + parsed.toolCalls * TOOL_CALL_TOKENS;
  return { kind: 'served', charge: { kind: 'usage', reported: parsed.usage, completionEstimate, zeroIsMissing } };
}

/**
 * One call to a WebSocket upstream (`expect: 'websocket'`): open the (signed) socket under the
 * headers timeout, send the request message, then read the answer's messages: through the stream
 * pump for a streamed answer (one event per message), or collected for a whole one until the
 * adaptor's last message or the close. A refused upgrade is an upstream error answer (its status and
 * body go to `mapError`); the socket is closed once the answer is done, whatever happened.
 */
async function socketAttempt(
  outbound: OutboundClient,
  limits: AttemptLimits,
  a: AttemptInput,
  signal: AbortSignal,
  abort: (r: AbortReason) => void,
  aborted: () => AbortReason | null,
): Promise<AttemptResult> {
  const streamed = isStreaming(a.request.req) && a.ops.openStream !== undefined;
  const removeGone = a.exchange.onGone(() => abort('client'));
  const headersTimer = setTimeout(() => abort('headers'), limits.headersTimeoutMs);
  let upstream: UpstreamRequest;
  let opened: Awaited<ReturnType<OutboundClient['openWebSocket']>>;
  try {
    upstream = a.adaptor.signRequest ? await a.adaptor.signRequest(a.upstream, a.ctx, new Date()) : a.upstream;
    opened = await outbound.openWebSocket({
      url: upstream.url,
      headers: upstream.headers as Record<string, string>,
      allowPrivate: a.allowPrivate,
      handshakeMs: limits.headersTimeoutMs,
      maxPayload: streamed ? limits.maxEventBytes : limits.maxResponseBytes,
      maxErrorBytes: limits.maxErrorBytes,
      signal,
    });
  } catch (err) {
    return requestFailure(err, aborted());
  } finally {
    clearTimeout(headersTimer);
    removeGone();
  }
  if (opened.kind === 'refused') {
    if (opened.status >= 300 && opened.status < 400) return transport('redirect', 'relay.upstream_invalid');
    const failure = a.adaptor.mapError({ status: opened.status, text: opened.text, headers: headerMap(opened.headers) }, a.ctx);
    return { kind: 'failed', failure, fromStatus: true, clientGone: false };
  }
  const body = socketMessages(opened.socket, signal);
  try {
    const message = upstream.body;
    if (message !== null) opened.socket.send(typeof message === 'string' ? message : Buffer.from(message), { binary: typeof message !== 'string' });
    bodySent(upstream);
    bodySent(a.upstream);
    if (streamed) return await streamAnswer(limits, a, body, new WebSocketMessageFraming(), abort, aborted);
    return await socketWhole(limits, a, body, abort, aborted);
  } finally {
    body.destroy();
  }
}

/** The messages of a whole answer, as a JSON array of their texts (bounded, each wait under the idle timeout). */
function socketWhole(limits: AttemptLimits, a: AttemptInput, body: Readable, abort: (r: AbortReason) => void, aborted: () => AbortReason | null): Promise<AttemptResult> {
  return new Promise<AttemptResult>((resolve) => {
    const messages: string[] = [];
    let size = 0;
    let done = false;
    const idle = setTimeout(() => abort('idle'), limits.idleTimeoutMs);
    const finish = (r: () => AttemptResult): void => {
      if (done) return;
      done = true;
      clearTimeout(idle);
      body.off('data', onData);
      body.on('error', () => undefined);
      resolve(r());
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limits.maxResponseBytes) return finish(() => transport('protocol', 'relay.upstream_invalid'));
      idle.refresh();
      const text = chunk.toString('utf8');
      messages.push(text);
      if (a.adaptor.isLastMessage?.(text)) finish(() => collected(a, messages));
    };
    body.on('data', onData);
    body.once('end', () => finish(() => collected(a, messages)));
    body.once('error', () =>
      finish(() => {
        const reason = aborted();
        if (reason === 'idle') return transport('idle_timeout', 'relay.upstream_too_long');
        if (reason === 'total') return transport('total_timeout', 'relay.upstream_too_long');
        // The socket broke (or sent a message over the bound): what came may still be whole.
        return messages.length > 0 ? collected(a, messages) : transport('connect', 'relay.upstream_connect');
      }),
    );
  });
}

/** The collected messages as the whole answer's text (a JSON array of their texts). */
function collected(a: AttemptInput, messages: string[]): AttemptResult {
  const text = JSON.stringify(messages);
  return answerWhole(a, { status: 200, headers: {}, text, bytes: Buffer.byteLength(text) });
}
