import { isJsonObject, type JsonObject, type JsonValue } from '../../../wire/canonical/json';
import type { MultipartForm, MultipartRequest } from '../../../wire/canonical/request';
import { withUpstreamUsage } from '../../../wire/framing/sse/stream-usage';
import { quirksFor } from '../model-quirks';
import type { ChannelContext, ResponseKind, TextRequest, UpstreamRequest } from '../types';
import type { OpenAICompatibleConfig, OpenAIPath } from './config';
import { encodeMultipart, multipartContentType } from './multipart';
import { baseUrlOf } from '../base-url';
import { v1Url } from './url';

export function urlFor(config: OpenAICompatibleConfig, path: OpenAIPath, ctx: ChannelContext): string {
  return config.url ? config.url(path, ctx, ctx.upstreamModel) : v1Url(baseUrlOf(config, ctx), path);
}

/** Credentials and provider headers; client headers never reach this point. */
export function authHeaders(config: OpenAICompatibleConfig, ctx: ChannelContext): Record<string, string> {
  const headers: Record<string, string> = {};
  if (config.auth === 'api_key') headers['api-key'] = ctx.key;
  else if (config.auth === 'bearer' || ctx.key !== '') headers.Authorization = `Bearer ${ctx.key}`;
  // A fresh object the caller may add to. Assigned, not spread: a spread that adds keys its
  // source lacks costs microseconds per request on Node 20 (see EMPTY_STEP).
  const extra = config.headers?.(ctx);
  return extra ? Object.assign(headers, extra) : headers;
}

export function jsonRequest(
  config: OpenAICompatibleConfig,
  path: OpenAIPath,
  ctx: ChannelContext,
  body: JsonObject,
  expect: ResponseKind = 'json',
): UpstreamRequest {
  const headers = authHeaders(config, ctx);
  headers['Content-Type'] = 'application/json';
  headers.Accept = expect === 'sse' ? 'text/event-stream' : '*/*';
  return { method: 'POST', url: urlFor(config, path, ctx), headers, body: JSON.stringify({ ...body, model: ctx.upstreamModel }), expect };
}

export function multipartRequest(
  config: OpenAICompatibleConfig,
  path: OpenAIPath,
  ctx: ChannelContext,
  req: MultipartRequest,
  boundary: string,
  expect: ResponseKind,
): UpstreamRequest {
  // The model field carries the upstream (mapped) name, like JSON bodies.
  const form: MultipartForm = {
    fields: [...req.form.fields.filter((f) => f.name !== 'model'), { name: 'model', value: ctx.upstreamModel }],
    files: req.form.files,
  };
  return {
    method: 'POST',
    url: urlFor(config, path, ctx),
    headers: Object.assign(authHeaders(config, ctx), { 'Content-Type': multipartContentType(boundary) }),
    body: encodeMultipart(form, boundary),
    expect,
  };
}

function streamUsageOn(config: OpenAICompatibleConfig, ctx: ChannelContext): boolean {
  return typeof config.streamUsage === 'function' ? config.streamUsage(ctx) : config.streamUsage;
}

/** Applies the model-quirk table to a chat body (by the upstream model name). */
export function applyChatQuirks(body: JsonObject, upstreamModel: string): JsonObject {
  const quirks = quirksFor(upstreamModel);
  const out = { ...body };
  if (quirks.maxTokensField && out.max_tokens !== undefined) {
    if (out[quirks.maxTokensField] === undefined) out[quirks.maxTokensField] = out.max_tokens;
    delete out.max_tokens;
  }
  for (const p of quirks.dropParams ?? []) delete out[p];
  const systemRole = quirks.systemRole;
  if (systemRole && Array.isArray(out.messages)) {
    out.messages = out.messages.map((m): JsonValue => (isJsonObject(m) && m.role === 'system' ? { ...m, role: systemRole } : m));
  }
  return out;
}

/** Chat or legacy completion: quirks, then the usage request on streams. */
export function buildText(config: OpenAICompatibleConfig, req: TextRequest, ctx: ChannelContext): UpstreamRequest {
  let body = req.endpoint === 'chat' ? applyChatQuirks(req.body, ctx.upstreamModel) : { ...req.body };
  if (req.stream && streamUsageOn(config, ctx)) body = withUpstreamUsage(body);
  const path: OpenAIPath = req.endpoint === 'chat' ? 'chat/completions' : 'completions';
  return jsonRequest(config, path, ctx, body, req.stream ? 'sse' : 'json');
}
