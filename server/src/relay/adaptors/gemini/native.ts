import { baseUrlOf, catalogueBase } from '../base-url';
import type { GeminiRequest, StreamView } from '../../../wire/canonical/request';
import { parseJson } from '../../../wire/canonical/json';
import { answerFigures, type ParsedResponse, type StreamStep, EMPTY_STEP } from '../../../wire/canonical/response';
import type { SseEvent } from '../../../wire/framing/sse/sse-parser';
import type { ChannelContext, GeminiNativeCapability, UpstreamRequest, UpstreamResponse } from '../types';
import { mapGeminiError } from './errors';
import { geminiSettings } from './settings';
import { fromGeminiResponse, GeminiStreamDecoder } from '../../../wire/gemini/response';

/*
 * Gemini-native inbound on a Gemini channel: the same format on both sides, so the body goes
 * through as the client sent it (the model is in the URL: only it is mapped), the stream is
 * always asked as SSE upstream (the relay frames it for the client: SSE or a JSON array), and
 * the answer and its events reach the client as Google wrote them. Usage is read from them for
 * billing (thoughts as completion, cached content as cache reads).
 */


const BASE = catalogueBase(24);

function buildRequest(req: GeminiRequest, ctx: ChannelContext): UpstreamRequest {
  const method = req.stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
  const base = baseUrlOf(BASE, ctx);
  return {
    method: 'POST',
    // The channel's API version, as for converted calls; the key in a header, never in the URL.
    url: `${base}/${geminiSettings(ctx.other).version}/models/${encodeURIComponent(ctx.upstreamModel)}:${method}`,
    headers: { 'x-goog-api-key': ctx.key, 'Content-Type': 'application/json', Accept: req.stream ? 'text/event-stream' : 'application/json' },
    body: JSON.stringify(req.body),
    expect: req.stream ? 'sse' : 'json',
  };
}

function parseResponse(res: UpstreamResponse, ctx: ChannelContext): ParsedResponse {
  const answer = fromGeminiResponse(parseJson(res.text));
  if (!answer) return { ok: false, failure: { ...mapGeminiError({ status: 502, text: res.text }, ctx), retryable: false, disableChannel: false } };
  return { ok: true, clientBody: res.text, ...answerFigures(answer) };
}

function openStream(req: StreamView<GeminiRequest>, ctx: ChannelContext): (event: SseEvent) => StreamStep {
  const decoder = new GeminiStreamDecoder(req.candidateCount);
  return (event) => {
    const data = parseJson(event.data.trim());
    const r = decoder.push(data);
    if (r.kind === 'malformed') return { ...EMPTY_STEP, malformed: true };
    if (r.kind === 'error') return { ...EMPTY_STEP, error: { ...mapGeminiError({ status: 502, text: JSON.stringify(r.body) }, ctx), disableChannel: false }, done: true };
    // The event finishing the last open candidate is Google's last: the answer is complete.
    const forward = data !== undefined && data !== null && typeof data === 'object' && !Array.isArray(data) ? { data } : null;
    return { ...EMPTY_STEP, forward, text: r.text, toolCalls: r.toolCalls, usage: r.usage, finishReason: r.finish, done: r.finish !== null };
  };
}

export const geminiNative: GeminiNativeCapability = {
  buildRequest,
  parseResponse: (_req, res, ctx) => parseResponse(res, ctx),
  openStream: (req, ctx) => openStream(req, ctx),
};
