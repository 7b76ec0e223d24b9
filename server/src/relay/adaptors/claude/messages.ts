import { isJsonObject, objectAt, parseJson, type JsonValue } from '../../../wire/canonical/json';
import type { MessagesRequest } from '../../../wire/canonical/request';
import { answerFigures, type ParsedResponse, type StreamStep, EMPTY_STEP } from '../../../wire/canonical/response';
import type { ReportedUsage } from '../../../wire/canonical/usage';
import type { SseEvent } from '../../../wire/framing/sse/sse-parser';
import { failureFromBody, mapOpenAIError } from '../openai-compatible/error';
import type { ChannelContext, MessagesCapability, UpstreamRequest, UpstreamResponse } from '../types';
import { DEFAULT_ANTHROPIC_VERSION } from '../../../wire/anthropic-messages/models';
import { claudeFinish, claudeUsage, fromClaudeMessage } from '../../../wire/anthropic-messages/response';

/*
 * Anthropic Messages inbound on a Claude channel: the same format on both sides, so the body
 * goes through with only the model mapped (no field the client sent is lost), the client's
 * `anthropic-version` and `anthropic-beta` are passed on, and the answer and its events reach
 * the client as Claude wrote them. Usage is still read from them for billing.
 */

function str(v: JsonValue | undefined): string {
  return typeof v === 'string' ? v : '';
}

export function messagesUrl(ctx: ChannelContext, fallbackBase: string): string {
  const base = (ctx.baseUrl.trim() || fallbackBase).replace(/\/+$/, '');
  return `${base}/v1/messages`;
}

function buildRequest(req: MessagesRequest, ctx: ChannelContext, base: string): UpstreamRequest {
  const headers: Record<string, string> = {
    'x-api-key': ctx.key,
    'anthropic-version': req.anthropicVersion ?? DEFAULT_ANTHROPIC_VERSION,
    'Content-Type': 'application/json',
    Accept: req.stream ? 'text/event-stream' : 'application/json',
  };
  if (req.anthropicBeta) headers['anthropic-beta'] = req.anthropicBeta;
  return { method: 'POST', url: messagesUrl(ctx, base), headers, body: JSON.stringify({ ...req.body, model: ctx.upstreamModel }), expect: req.stream ? 'sse' : 'json' };
}

function parseResponse(res: UpstreamResponse, ctx: ChannelContext): ParsedResponse {
  const message = fromClaudeMessage(parseJson(res.text));
  if (!message) return { ok: false, failure: { ...mapOpenAIError({ status: 502, text: res.text }, ctx), retryable: false } };
  return { ok: true, clientBody: res.text, ...answerFigures(message) };
}


function merge(a: ReportedUsage | null, b: ReportedUsage | null): ReportedUsage | null {
  if (!a || !b) return b ?? a;
  const out = { ...a };
  for (const k of Object.keys(b) as (keyof ReportedUsage)[]) if (b[k] !== null) out[k] = b[k];
  return out;
}

function openStream(ctx: ChannelContext): (event: SseEvent) => StreamStep {
  let usage: ReportedUsage | null = null;
  return (event) => {
    const data = parseJson(event.data.trim());
    if (!isJsonObject(data)) return { ...EMPTY_STEP, malformed: true };
    const type = str(data.type) || event.event || '';
    const forward = { event: type || undefined, data };
    switch (type) {
      case 'message_start': {
        const u = claudeUsage(objectAt(objectAt(data, 'message'), 'usage'));
        // message_start's output_tokens is a placeholder; only message_delta's counts.
        usage = merge(usage, u ? { ...u, completionTokens: null } : null);
        return { ...EMPTY_STEP, forward, usage };
      }
      case 'content_block_start': {
        const block = objectAt(data, 'content_block');
        return { ...EMPTY_STEP, forward, toolCalls: block?.type === 'tool_use' ? 1 : 0, text: block?.type === 'tool_use' ? str(block.name) : '' };
      }
      case 'content_block_delta': {
        const d = objectAt(data, 'delta');
        return { ...EMPTY_STEP, forward, text: str(d?.text) + str(d?.thinking) + str(d?.partial_json) };
      }
      case 'message_delta': {
        // Counts here are cumulative; the latest wins field by field.
        usage = merge(usage, claudeUsage(objectAt(data, 'usage')));
        return { ...EMPTY_STEP, forward, usage, finishReason: claudeFinish(objectAt(data, 'delta')?.stop_reason) };
      }
      case 'message_stop':
        return { ...EMPTY_STEP, forward, usage, done: true };
      case 'error':
        return { ...EMPTY_STEP, forward, error: failureFromBody(data, ctx), done: true };
      default:
        // ping, content_block_stop and future event types go through unchanged.
        return { ...EMPTY_STEP, forward };
    }
  };
}

export function claudeMessages(base: string): MessagesCapability {
  return {
    buildRequest: (req, ctx) => buildRequest(req, ctx, base),
    parseResponse: (_req, res, ctx) => parseResponse(res, ctx),
    openStream: (_req, ctx) => openStream(ctx),
  };
}
