import { defaultBaseUrlOf } from '../../../catalogue/catalogue';
import type { StreamView } from '../../../wire/canonical/request';
import { transportFailure } from '../../../wire/canonical/errors';
import { parseJson } from '../../../wire/canonical/json';
import { answered, decodedStep, type ParsedTextResponse, type StreamStep } from '../../../wire/canonical/response';
import type { SseEvent } from '../../../wire/framing/sse/sse-parser';
import { textAsCanonical } from '../../../wire/openai-completions/openai-completions';
import { SPARK_VERSIONS, SparkStreamDecoder, fromSparkFrames, isLastSparkFrame, sparkTarget, toSparkChat } from '../../../wire/spark/chat';
import { ChannelConfigError } from '../errors';
import type { Adaptor, ChannelContext, TextRequest, UpstreamRequest, UpstreamResponse } from '../types';
import { mapSparkError, sparkFailure } from './errors';
import { signSparkRequest, sparkCredentials } from './sign';

/*
 * Type 18, iFlytek Spark: one WebSocket per call to `{base}/<version path>` (`/v3.5/chat`,
 * `/chat/max-32k`, ...), the URL signed at send time (sign.ts) from the key
 * `APPID|APISecret|APIKey`; the request frame goes out once the socket is open and the answer
 * comes back as frames, streamed as they come or collected for a whole answer (the relay reads the
 * socket: `expect: 'websocket'`). The version comes from the model name or the channel's `other`
 * (wire/spark/chat.ts, `sparkTarget`). The base URL keeps its host and path; `http` becomes `ws`
 * and `https` `wss`.
 */

const TYPE = 18;

function socketBase(ctx: ChannelContext): string {
  const base = (ctx.baseUrl.trim() || defaultBaseUrlOf(TYPE) || '').replace(/\/+$/, '');
  if (base === '') throw new ChannelConfigError('Spark channel has no base URL');
  return base.replace(/^http(s?):\/\//i, (_m, s: string) => `ws${s}://`);
}

function buildTextRequest(req: TextRequest, ctx: ChannelContext): UpstreamRequest {
  const c = sparkCredentials(ctx.key);
  const target = sparkTarget(ctx.upstreamModel, ctx.other);
  if (!target.ok) throw new ChannelConfigError(`Spark version "${target.named}" is not one of ${SPARK_VERSIONS.map((v) => v.version).join(', ')}`);
  const chat = textAsCanonical(req, ctx.upstreamModel);
  return {
    method: 'GET',
    url: `${socketBase(ctx)}${target.version.path}`,
    headers: {},
    body: JSON.stringify(toSparkChat(chat, { appId: c.appId, domain: target.domain, system: target.version.system })),
    expect: 'websocket',
  };
}

/** A whole answer: the relay hands over the frames it read, as a JSON array of their texts. */
function parseTextResponse(req: TextRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedTextResponse {
  const frames = parseJson(res.text);
  if (!Array.isArray(frames) || frames.some((f) => typeof f !== 'string')) return { ok: false, failure: transportFailure('protocol') };
  const r = fromSparkFrames(frames as string[], req.model);
  if (r.kind === 'error') return { ok: false, failure: sparkFailure(r.error, ctx) };
  if (r.kind === 'answer') return answered(r.answer);
  // Closed before the last frame, or frames that are not Spark's: nothing whole to answer with.
  return { ok: false, failure: transportFailure('protocol') };
}

function openTextStream(req: StreamView<TextRequest>, ctx: ChannelContext): (event: SseEvent) => StreamStep {
  const decoder = new SparkStreamDecoder(req.model);
  return (event) => {
    const r = decoder.push(event.data);
    return decodedStep(r, (e) => sparkFailure(e, ctx));
  };
}

export const sparkAdaptor: Adaptor = {
  type: TYPE,
  name: 'iFlytek Spark',
  defaultBaseUrl: defaultBaseUrlOf(TYPE),
  buildTextRequest,
  parseTextResponse,
  parseTextStreamEvent: (req, event, ctx) => openTextStream(req, ctx)(event),
  openTextStream,
  mapError: mapSparkError,
  signRequest: (req, ctx, now) => Promise.resolve(signSparkRequest(req, ctx.key, now)),
  isLastMessage: isLastSparkFrame,
};
