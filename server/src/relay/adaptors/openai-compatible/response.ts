import { transportFailure } from '../../../wire/canonical/errors';
import { arrayAt, isJsonObject, objectAt, parseJson, type JsonObject, type JsonValue } from '../../../wire/canonical/json';
import { finishReasonOf, reportedUsage, type FinishReason, type ReportedUsage } from '../../../wire/canonical/usage';
import type { ParsedResponse } from '../../../wire/canonical/response';
import type { ChannelContext, UpstreamResponse } from '../types';
import { failureFromBody } from './error';
import { chatUsage, embeddingUsage, ioUsage, rerankUsage, transcriptionUsage } from '../../../wire/openai-chat/usage';

type Extract = (body: JsonObject) => {
  usage: ReportedUsage | null;
  finishReason?: FinishReason | null;
  outputText?: string;
  toolCalls?: number;
};

/**
 * Shared shape of every JSON parse: not JSON is a protocol failure, an `error` object without
 * a result is an upstream failure, anything else is forwarded as the upstream sent it.
 */
function parseJsonResponse(res: UpstreamResponse, ctx: ChannelContext, extract: Extract, resultKeys: readonly string[]): ParsedResponse {
  const body = parseJson(res.text);
  if (!isJsonObject(body)) return { ok: false, failure: transportFailure('protocol') };
  const hasResult = resultKeys.some((k) => body[k] !== undefined && body[k] !== null);
  if (!hasResult && body.error !== undefined && body.error !== null) return { ok: false, failure: failureFromBody(body, ctx) };
  const x = extract(body);
  return {
    ok: true,
    clientBody: res.text,
    usage: x.usage,
    finishReason: x.finishReason ?? null,
    outputText: x.outputText ?? '',
    toolCalls: x.toolCalls ?? 0,
  };
}

function str(v: JsonValue | undefined): string {
  return typeof v === 'string' ? v : '';
}

/** Text of tool calls (names and arguments): generated tokens too. */
export function toolCallsText(calls: JsonValue | undefined): { text: string; count: number } {
  if (!Array.isArray(calls)) return { text: '', count: 0 };
  let text = '';
  let count = 0;
  for (const call of calls) {
    if (!isJsonObject(call)) continue;
    if (call.id !== undefined) count += 1;
    const fn = objectAt(call, 'function');
    text += str(fn?.name) + str(fn?.arguments);
  }
  return { text, count };
}

export function parseChatResponse(res: UpstreamResponse, ctx: ChannelContext): ParsedResponse {
  return parseJsonResponse(
    res,
    ctx,
    (body) => {
      let outputText = '';
      let toolCalls = 0;
      let finishReason: FinishReason | null = null;
      for (const choice of arrayAt(body, 'choices') ?? []) {
        if (!isJsonObject(choice)) continue;
        finishReason ??= finishReasonOf(choice.finish_reason);
        const message = objectAt(choice, 'message');
        // Legacy completions put the text on the choice itself.
        outputText += str(choice.text) + str(message?.content) + str(message?.reasoning_content) + str(message?.reasoning);
        const calls = toolCallsText(message?.tool_calls);
        outputText += calls.text;
        toolCalls += calls.count;
      }
      const usage = objectAt(body, 'usage');
      return { usage: usage ? chatUsage(usage) : null, finishReason, outputText, toolCalls };
    },
    ['choices'],
  );
}

export function parseEmbeddingResponse(res: UpstreamResponse, ctx: ChannelContext): ParsedResponse {
  return parseJsonResponse(
    res,
    ctx,
    (body) => {
      const usage = objectAt(body, 'usage');
      return { usage: usage ? embeddingUsage(usage) : null };
    },
    ['data'],
  );
}

/** Moderations report no usage: the relay estimates from the inputs. */
export function parseModerationResponse(res: UpstreamResponse, ctx: ChannelContext): ParsedResponse {
  return parseJsonResponse(res, ctx, () => ({ usage: null }), ['results']);
}

/** gpt-image models report token usage; DALL·E reports none and is priced per call. */
export function parseImageResponse(res: UpstreamResponse, ctx: ChannelContext): ParsedResponse {
  return parseJsonResponse(
    res,
    ctx,
    (body) => {
      const usage = objectAt(body, 'usage');
      return { usage: usage ? ioUsage(usage, true) : null };
    },
    ['data'],
  );
}

export function parseRerankResponse(res: UpstreamResponse, ctx: ChannelContext): ParsedResponse {
  return parseJsonResponse(res, ctx, (body) => ({ usage: rerankUsage(body) }), ['results']);
}

/** Speech answers audio bytes; TTS bills the input's characters as prompt tokens. */
export function speechUsage(input: string): ReportedUsage {
  return reportedUsage({ promptTokens: [...input].length, completionTokens: 0 });
}

/**
 * json / verbose_json are JSON with `text`; text, srt and vtt are the transcript itself. whisper
 * models are billed by the audio's duration alone (reference §3.2), so their transcript is no
 * billable output; token-billed models (gpt-4o-transcribe) that report no usage pay for it.
 */
export function parseTranscriptionResponse(res: UpstreamResponse, ctx: ChannelContext, format: string, model = ''): ParsedResponse {
  const billed = (text: string): string => (/whisper/i.test(model) ? '' : text);
  if (format === 'text' || format === 'srt' || format === 'vtt') {
    return { ok: true, clientBody: res.text, usage: null, finishReason: null, outputText: billed(res.text), toolCalls: 0 };
  }
  return parseJsonResponse(res, ctx, (body) => ({ usage: transcriptionUsage(body), outputText: billed(str(body.text)) }), ['text']);
}

/** Output text of a Responses object: message text, reasoning summaries, function-call arguments. */
export function responsesOutput(response: JsonObject): { text: string; toolCalls: number } {
  let text = '';
  let toolCalls = 0;
  for (const item of arrayAt(response, 'output') ?? []) {
    if (!isJsonObject(item)) continue;
    if (item.type === 'function_call') {
      toolCalls += 1;
      text += str(item.name) + str(item.arguments);
    }
    for (const part of [...(arrayAt(item, 'content') ?? []), ...(arrayAt(item, 'summary') ?? [])]) {
      if (isJsonObject(part)) text += str(part.text);
    }
  }
  return { text, toolCalls };
}

export function responsesFinish(response: JsonObject): FinishReason | null {
  if (response.status === 'incomplete') {
    const reason = objectAt(response, 'incomplete_details')?.reason;
    return reason === 'content_filter' ? 'content_filter' : 'length';
  }
  return finishReasonOf(response.status);
}

export function parseResponsesResponse(res: UpstreamResponse, ctx: ChannelContext): ParsedResponse {
  return parseJsonResponse(
    res,
    ctx,
    (body) => {
      const usage = objectAt(body, 'usage');
      const out = responsesOutput(body);
      return { usage: usage ? ioUsage(usage, false) : null, finishReason: responsesFinish(body), outputText: out.text, toolCalls: out.toolCalls };
    },
    ['output'],
  );
}
