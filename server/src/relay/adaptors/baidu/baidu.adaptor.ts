import { BaiduStreamDecoder, baiduChatEndpoint, baiduError, fromBaiduChat, toBaiduChat } from '../../../wire/baidu/chat';
import type { StreamView } from '../../../wire/canonical/request';
import { fromBaiduEmbedding, toBaiduEmbedding } from '../../../wire/baidu/embeddings';
import { transportFailure } from '../../../wire/canonical/errors';
import { parseJson } from '../../../wire/canonical/json';
import { answered, decodedStep, type ParsedTextResponse, type StreamStep } from '../../../wire/canonical/response';
import { textAsCanonical } from '../../../wire/openai-completions/openai-completions';
import type { SseEvent } from '../../../wire/framing/sse/sse-parser';
import { ChannelConfigError } from '../errors';
import type { Adaptor, ChannelContext, EmbeddingsCapability, TextRequest, UpstreamRequest, UpstreamResponse } from '../types';
import { baiduFailure, mapBaiduError } from './errors';
import { BAIDU, baiduBase, baiduTokenExchange } from './token';

/*
 * Type 15, Baidu Wenxin (ERNIE) through Qianfan's access-token API: the key `API_KEY|SECRET_KEY`
 * is exchanged for an access token (token.ts, the relay's shared token cache), sent as the
 * `access_token` query parameter of `{base}/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/{endpoint}`
 * (the endpoint from the model table in wire/baidu) and of `.../embeddings/embedding-v1`.
 * Bodies, answers and the SSE stream are converted in wire/baidu; errors arrive as
 * `{error_code, error_msg}` in a 200 (errors.ts).
 */

const PATH = '/rpc/2.0/ai_custom/v1/wenxinworkshop';

function url(ctx: ChannelContext, path: string): string {
  if (!ctx.accessToken) throw new ChannelConfigError('Baidu call without an access token');
  return `${baiduBase(ctx)}${PATH}/${path}?access_token=${encodeURIComponent(ctx.accessToken)}`;
}

function buildTextRequest(req: TextRequest, ctx: ChannelContext): UpstreamRequest {
  const chat = textAsCanonical(req, ctx.upstreamModel);
  return {
    method: 'POST',
    url: url(ctx, `chat/${baiduChatEndpoint(chat.model)}`),
    headers: { 'Content-Type': 'application/json', Accept: chat.stream ? 'text/event-stream' : 'application/json' },
    body: JSON.stringify(toBaiduChat(chat)),
    expect: chat.stream ? 'sse' : 'json',
  };
}

function parseTextResponse(req: TextRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedTextResponse {
  const body = parseJson(res.text);
  const err = baiduError(body);
  if (err) return { ok: false, failure: baiduFailure(err, ctx) };
  const answer = fromBaiduChat(body, req.model);
  return answer ? answered(answer) : { ok: false, failure: transportFailure('protocol') };
}


function openTextStream(req: StreamView<TextRequest>, ctx: ChannelContext): (event: SseEvent) => StreamStep {
  const decoder = new BaiduStreamDecoder(req.model);
  return (event) => {
    const r = decoder.push(event.data);
    return decodedStep(r, (e) => baiduFailure(e, ctx));
  };
}

const embeddings: EmbeddingsCapability = {
  buildRequest: (req, ctx) => ({
    method: 'POST',
    url: url(ctx, `embeddings/${ctx.upstreamModel === 'embedding-v1' || ctx.upstreamModel === '' ? 'embedding-v1' : ctx.upstreamModel.toLowerCase()}`),
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(toBaiduEmbedding(req.inputs, typeof req.body.user === 'string' ? req.body.user : null)),
    expect: 'json',
  }),
  parseResponse: (req, res, ctx) => {
    const body = parseJson(res.text);
    const err = baiduError(body);
    if (err) return { ok: false, failure: baiduFailure(err, ctx) };
    const parsed = fromBaiduEmbedding(body, req.model, req.body.encoding_format === 'base64');
    if (!parsed) return { ok: false, failure: transportFailure('protocol') };
    return { ok: true, clientBody: JSON.stringify(parsed.clientBody), usage: parsed.usage, finishReason: null, outputText: '', toolCalls: 0 };
  },
};

export const baiduAdaptor: Adaptor = {
  type: 15,
  name: 'Baidu Wenxin',
  defaultBaseUrl: BAIDU.defaultBaseUrl,
  buildTextRequest,
  parseTextResponse,
  parseTextStreamEvent: (req, event, ctx) => openTextStream(req, ctx)(event),
  openTextStream,
  mapError: mapBaiduError,
  embeddings,
  tokenExchange: baiduTokenExchange,
};
