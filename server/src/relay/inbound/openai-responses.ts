import type { CanonicalChatResponse } from '../canonical/chat';
import type { JsonObject } from '../canonical/json';
import { parseResponsesRequest } from '../canonical/parse-text';
import type { ResponsesRequest } from '../canonical/request';
import type { StreamForward } from '../canonical/response';
import type { ReportedUsage } from '../canonical/usage';
import type { SseEvent } from '../sse/sse-parser';
import { SSE_HEADERS } from '../sse/sse-writer';
import { chunkData, sseEvent, type ClientError, type ClientStreamEncoder, type InboundFormat } from './format';
import { OPENAI_ERRORS } from './openai-chat';

/*
 * The OpenAI Responses inbound format (`POST /v1/responses`): OpenAI's error object, named
 * events passed as the upstream wrote them (the terminal `response.completed` is the end: no
 * `[DONE]`), a failure after the start as the documented `error` event.
 */

/** Canonical usage as the Responses `usage` object (input includes the cache, output the reasoning). */
export function responsesUsage(u: ReportedUsage): JsonObject {
  const input = u.promptTokens ?? 0;
  const output = u.completionTokens ?? 0;
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: u.cachedTokens ?? 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: u.reasoningTokens ?? 0 },
    total_tokens: input + output,
  };
}

/** A whole canonical answer as a Responses `response` object. */
export function encodeResponsesResponse(res: CanonicalChatResponse, created: number): JsonObject {
  const output: JsonObject[] = [];
  const reasoning = res.parts.flatMap((p) => (p.type === 'reasoning' && p.text !== '' ? [p.text] : [])).join('');
  if (reasoning !== '') output.push({ type: 'reasoning', id: `rs_${res.id}`, summary: [{ type: 'summary_text', text: reasoning }] });
  const text = res.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
  if (text !== '') {
    output.push({ type: 'message', id: `msg_${res.id}`, status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] });
  }
  for (const p of res.parts) {
    if (p.type === 'tool_call') output.push({ type: 'function_call', id: `fc_${p.id}`, call_id: p.id, name: p.name, arguments: p.arguments, status: 'completed' });
  }
  const incomplete = res.finishReason === 'length' ? 'max_output_tokens' : res.finishReason === 'content_filter' ? 'content_filter' : null;
  return {
    id: res.id,
    object: 'response',
    created_at: created,
    status: incomplete ? 'incomplete' : 'completed',
    error: null,
    incomplete_details: incomplete ? { reason: incomplete } : null,
    model: res.model,
    output,
    usage: res.usage ? responsesUsage(res.usage) : null,
  };
}

/**
 * The client side of an OpenAI event stream (Responses, streamed transcriptions): each event as
 * the upstream wrote it, with its name; nothing after the terminal event; a failure after the
 * start as `event: error` with `{type:"error", code, message, param}`.
 */
export class OpenAIEventStreamEncoder implements ClientStreamEncoder {
  readonly headers = SSE_HEADERS;

  forward(chunk: StreamForward, upstream: SseEvent): string {
    return sseEvent(chunkData(chunk, upstream), chunk.event);
  }

  end(): string {
    return '';
  }

  error(e: ClientError): string {
    return sseEvent(JSON.stringify({ type: 'error', code: e.code, message: e.message, param: null }), 'error');
  }
}

export const openAIResponsesFormat: InboundFormat<ResponsesRequest> = {
  name: 'openai-responses',
  parse: (input, limits) => parseResponsesRequest(input, limits),
  encodeResponse: (res) => encodeResponsesResponse(res, Math.floor(Date.now() / 1000)),
  openStream: () => new OpenAIEventStreamEncoder(),
  errorResponse: OPENAI_ERRORS.errorResponse,
};
