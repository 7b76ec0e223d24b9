import { answerChoices, type ChatStreamPart } from '../../../wire/canonical/chat';
import { transportFailure, type UpstreamFailure } from '../../../wire/canonical/errors';
import { isJsonObject, parseJson } from '../../../wire/canonical/json';
import { answered, answerText, EMPTY_STEP, type ParsedTextResponse, type StreamStep } from '../../../wire/canonical/response';
import type { SseEvent } from '../../../wire/framing/sse/sse-parser';
import { fromPaLM, toPaLMRequest } from '../../../wire/palm/chat';
import { textAsCanonical } from '../../../wire/openai-completions/openai-completions';
import { mapGeminiError } from '../gemini/errors';
import type { Adaptor, ChannelContext, TextRequest, UpstreamRequest, UpstreamResponse } from '../types';

/*
 * Type 11, Google PaLM 2: `POST {base}/v1beta2/models/{model}:generateMessage?key=<key>`, Google
 * API errors (the Gemini reader: API_KEY_INVALID disables, 429 retried). PaLM has no stream: a
 * stream request is sent as a plain one (`json-as-stream`), and its whole answer becomes one step
 * of the client's stream (a `whole` start, the text and finish of every candidate, the end), which
 * the client's format writes as one chunk, then the usage (the relay's count: PaLM reports none)
 * and its end marker ([DONE] for OpenAI clients).
 */

const DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';

function buildTextRequest(req: TextRequest, ctx: ChannelContext): UpstreamRequest {
  const chat = textAsCanonical(req, ctx.upstreamModel);
  const base = (ctx.baseUrl.trim() || DEFAULT_BASE_URL).replace(/\/+$/, '');
  return {
    method: 'POST',
    url: `${base}/v1beta2/models/${encodeURIComponent(chat.model)}:generateMessage?key=${encodeURIComponent(ctx.key)}`,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(toPaLMRequest(chat)),
    // The body is the same either way (generateMessage has no stream flag).
    expect: chat.stream ? 'json-as-stream' : 'json',
  };
}

function parseTextResponse(req: TextRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedTextResponse {
  const body = parseJson(res.text);
  if (isJsonObject(body) && isJsonObject(body.error)) return { ok: false, failure: bodyError(res.text, ctx) };
  const answer = fromPaLM(body, req.model);
  return answer ? answered(answer) : { ok: false, failure: transportFailure('protocol') };
}

/** A Google error inside a 2xx body: the upstream's own message, not retried. */
function bodyError(text: string, ctx: ChannelContext): UpstreamFailure {
  return { ...mapGeminiError({ status: 502, text }, ctx), retryable: false };
}

/**
 * The stream of a stream request: the framing gives the whole answer as one event, which becomes
 * one step carrying the whole answer as canonical parts (every candidate's text and finish).
 */
function parseTextStreamEvent(req: TextRequest, event: SseEvent, ctx: ChannelContext): StreamStep {
  const body = parseJson(event.data);
  if (isJsonObject(body) && isJsonObject(body.error)) return { ...EMPTY_STEP, error: bodyError(event.data, ctx), done: true };
  const answer = fromPaLM(body, req.model);
  if (!answer) return { ...EMPTY_STEP, malformed: true };
  const parts: ChatStreamPart[] = [{ type: 'start', id: answer.id, model: answer.model, whole: true }];
  for (const c of answerChoices(answer)) {
    const at = c.index === 0 ? {} : { choice: c.index };
    const text = answerText(c.parts);
    if (text !== '') parts.push({ type: 'text', text, ...at });
    parts.push({ type: 'finish', reason: c.finishReason ?? 'stop', ...at });
  }
  parts.push({ type: 'end' });
  const text = answerChoices(answer)
    .map((c) => answerText(c.parts))
    .join('');
  return { ...EMPTY_STEP, parts, text, finishReason: answer.finishReason, done: true };
}

export const palmAdaptor: Adaptor = {
  type: 11,
  name: 'Google PaLM2',
  defaultBaseUrl: DEFAULT_BASE_URL,
  buildTextRequest,
  parseTextResponse,
  parseTextStreamEvent,
  mapError: mapGeminiError,
};
