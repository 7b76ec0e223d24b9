import { isJsonObject, parseJson, type JsonObject, type JsonValue } from '../../wire/canonical/json';
import { bodyObject, missing, wrongType } from '../../wire/canonical/fields';
import { transportFailure } from '../../wire/canonical/errors';
import type { ParsedResponse } from '../../wire/canonical/response';
import { convertedChat } from './converted-chat';
import { chatFromGemini, geminiFormat } from '../../wire/gemini/gemini';

/**
 * `POST /v1beta/models/{model}:generateContent` (and the stream) on a channel without a native
 * Gemini capability (see converted-chat.ts).
 */
export const { asChatRequest, build, parseResponse, openStream } = convertedChat(geminiFormat, (req) => chatFromGemini(req, req.model));

/*
 * `:embedContent` and `:batchEmbedContents` on any channel with an embeddings capability: the
 * texts become an OpenAI embeddings request (the path's model, `outputDimensionality` as
 * `dimensions`), served like `/v1/embeddings`, and the vectors come back in Google's shape.
 */

function contentText(content: JsonValue | undefined, path: string): string {
  if (!isJsonObject(content)) throw missing(path);
  const parts = content.parts;
  if (!Array.isArray(parts) || parts.length === 0) throw missing(`${path}.parts`);
  return parts.map((p) => (isJsonObject(p) && typeof p.text === 'string' ? p.text : '')).join('');
}

function dimensionsOf(o: JsonObject): JsonValue | undefined {
  return o.outputDimensionality ?? o.output_dimensionality;
}

/** The OpenAI embeddings body of a Gemini embed call (`batch`: batchEmbedContents). */
export function embeddingBody(raw: unknown, batch: boolean): JsonObject {
  const body = bodyObject(raw);
  const requests = batch ? body.requests : [body];
  if (!Array.isArray(requests) || requests.length === 0) throw missing('requests');
  const input: string[] = [];
  let dimensions: JsonValue | undefined;
  requests.forEach((r, i) => {
    if (!isJsonObject(r)) throw wrongType(batch ? `requests[${i}]` : 'body', 'object');
    input.push(contentText(r.content, batch ? `requests[${i}].content` : 'content'));
    dimensions ??= dimensionsOf(r);
  });
  return dimensions === undefined ? { input } : { input, dimensions };
}

/** The OpenAI embeddings answer in Google's shape: `{embedding}` or `{embeddings: [...]}`. */
export function embeddingAnswer(inner: ParsedResponse, batch: boolean): ParsedResponse {
  if (!inner.ok) return inner;
  const body = parseJson(inner.clientBody);
  const data = isJsonObject(body) && Array.isArray(body.data) ? body.data : null;
  if (!data) return { ok: false, failure: transportFailure('protocol') };
  const vectors = data.map((d) => ({ values: isJsonObject(d) && Array.isArray(d.embedding) ? d.embedding : [] }));
  return { ...inner, clientBody: JSON.stringify(batch ? { embeddings: vectors } : { embedding: vectors[0] ?? { values: [] } }) };
}
