import { baseUrlOf, catalogueBase } from '../base-url';
import type { StreamView } from '../../../wire/canonical/request';
import { transportFailure } from '../../../wire/canonical/errors';
import { parseJson } from '../../../wire/canonical/json';
import { answered, decodedStep, type ParsedTextResponse, type StreamStep } from '../../../wire/canonical/response';
import { HunyuanStreamDecoder, fromHunyuanChat, hunyuanError, toHunyuanChat } from '../../../wire/hunyuan/chat';
import { textAsCanonical } from '../../../wire/openai-completions/openai-completions';
import type { SseEvent } from '../../../wire/framing/sse/sse-parser';
import type { Adaptor, ChannelContext, TextRequest, UpstreamRequest, UpstreamResponse } from '../types';
import { hunyuanFailure, mapHunyuanError } from './errors';
import { hunyuanCredentials, signHunyuanRequest } from './sign';

/*
 * Type 23, Tencent Hunyuan: `POST {base}/` with `X-TC-Action: ChatCompletions`,
 * `X-TC-Version: 2023-09-01`, signed TC3-HMAC-SHA256 at send time (sign.ts) from the key
 * `AppId|SecretId|SecretKey`. Bodies, answers and the SSE stream are converted in wire/hunyuan;
 * `Response.Error` is classified in errors.ts.
 */

const BASE = catalogueBase(23);

function buildTextRequest(req: TextRequest, ctx: ChannelContext): UpstreamRequest {
  hunyuanCredentials(ctx.key);
  const chat = textAsCanonical(req, ctx.upstreamModel);
  const base = baseUrlOf(BASE, ctx);
  return {
    method: 'POST',
    url: `${base}/`,
    headers: { 'Content-Type': 'application/json', 'X-TC-Action': 'ChatCompletions', 'X-TC-Version': '2023-09-01', Accept: chat.stream ? 'text/event-stream' : 'application/json' },
    body: JSON.stringify(toHunyuanChat(chat)),
    expect: chat.stream ? 'sse' : 'json',
  };
}

function parseTextResponse(req: TextRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedTextResponse {
  const body = parseJson(res.text);
  const err = hunyuanError(body);
  if (err) return { ok: false, failure: hunyuanFailure(err, ctx) };
  const answer = fromHunyuanChat(body, req.model);
  return answer ? answered(answer) : { ok: false, failure: transportFailure('protocol') };
}


function openTextStream(req: StreamView<TextRequest>, ctx: ChannelContext): (event: SseEvent) => StreamStep {
  const decoder = new HunyuanStreamDecoder(req.model);
  return (event) => {
    const r = decoder.push(event.data);
    return decodedStep(r, (e) => hunyuanFailure(e, ctx));
  };
}

export const hunyuanAdaptor: Adaptor = {
  type: 23,
  name: 'Tencent Hunyuan',
  defaultBaseUrl: BASE.defaultBaseUrl,
  buildTextRequest,
  parseTextResponse,
  parseTextStreamEvent: (req, event, ctx) => openTextStream(req, ctx)(event),
  openTextStream,
  mapError: mapHunyuanError,
  signRequest: (req, ctx, now) => Promise.resolve(signHunyuanRequest(req, ctx.key, now)),
};
