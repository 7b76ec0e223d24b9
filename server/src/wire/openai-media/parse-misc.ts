import { FieldReader, bodyObject, missing, tooMany, wrongType } from '../canonical/fields';
import { isJsonObject } from '../canonical/json';
import { DEFAULT_RELAY_LIMITS, type RelayLimits } from '../canonical/limits';
import { readModel } from '../openai-chat/parse';
import type { AudioSpeechRequest, EmbeddingRequest, ModerationRequest, RerankRequest } from '../canonical/request';
import { stripRoutingKeys } from '../canonical/routing-keys';

/** Default models when a client leaves `model` out, as the reference gateways fill them. */
export const DEFAULT_MODERATION_MODEL = 'text-moderation-latest';
export const DEFAULT_SPEECH_MODEL = 'tts-1';

/**
 * POST /v1/embeddings (and /v1/engines/:model/embeddings: the path model is passed as
 * `pathModel` and used when the body has none).
 */
export function parseEmbeddingRequest(raw: unknown, limits: RelayLimits = DEFAULT_RELAY_LIMITS, pathModel?: string): EmbeddingRequest {
  const body = stripRoutingKeys(bodyObject(raw));
  const r = new FieldReader(body);
  const model = readModel(r, limits, pathModel);
  if (!r.has('model')) body.model = model;
  const input = r.raw('input');
  const inputs: string[] = [];
  let inputTokenCount = 0;
  if (typeof input === 'string') inputs.push(input);
  else if (Array.isArray(input)) {
    if (input.length === 0) r.requiredArray('input');
    if (input.length > limits.maxEmbeddingInputs) throw tooMany('input', limits.maxEmbeddingInputs);
    for (const [i, item] of input.entries()) {
      if (typeof item === 'string') inputs.push(item);
      else if (typeof item === 'number') inputTokenCount += 1;
      else if (Array.isArray(item)) inputTokenCount += item.length;
      else throw wrongType(`input[${i}]`, 'string or array of integers');
    }
  } else r.requiredString('input');
  r.optionalInt('dimensions', 1, 65_536);
  r.oneOf('encoding_format', ['float', 'base64']);
  return { endpoint: 'embedding', model, body, inputs, inputTokenCount };
}

/** POST /v1/moderations. */
export function parseModerationRequest(raw: unknown, limits: RelayLimits = DEFAULT_RELAY_LIMITS): ModerationRequest {
  const body = stripRoutingKeys(bodyObject(raw));
  const r = new FieldReader(body);
  const model = readModel(r, limits, DEFAULT_MODERATION_MODEL);
  body.model = model;
  const input = r.raw('input');
  const inputs: string[] = [];
  let imageCount = 0;
  if (typeof input === 'string') inputs.push(input);
  else if (Array.isArray(input)) {
    if (input.length > limits.maxEmbeddingInputs) throw tooMany('input', limits.maxEmbeddingInputs);
    for (const [i, item] of input.entries()) {
      if (typeof item === 'string') inputs.push(item);
      else if (isJsonObject(item) && item.type === 'text' && typeof item.text === 'string') inputs.push(item.text);
      else if (isJsonObject(item) && item.type === 'image_url') imageCount += 1;
      else throw wrongType(`input[${i}]`, 'string or content part');
    }
  } else r.requiredString('input');
  return { endpoint: 'moderation', model, body, inputs, imageCount };
}

/** POST /v1/rerank (Jina / Cohere shape: model, query, documents, top_n, return_documents). */
export function parseRerankRequest(raw: unknown, limits: RelayLimits = DEFAULT_RELAY_LIMITS): RerankRequest {
  const body = stripRoutingKeys(bodyObject(raw));
  const r = new FieldReader(body);
  const model = readModel(r, limits);
  const query = r.requiredString('query');
  const docs = r.requiredArray('documents', limits.maxRerankDocuments);
  const documents = docs.map((d, i) => {
    if (typeof d === 'string') return d;
    if (isJsonObject(d) && typeof d.text === 'string') return d.text;
    throw wrongType(`documents[${i}]`, 'string or {text}');
  });
  const topN = r.optionalInt('top_n', 1, limits.maxRerankDocuments);
  r.optionalBoolean('return_documents');
  return { endpoint: 'rerank', model, body, query, documents, topN };
}

/** POST /v1/audio/speech. */
export function parseSpeechRequest(raw: unknown, limits: RelayLimits = DEFAULT_RELAY_LIMITS): AudioSpeechRequest {
  const body = stripRoutingKeys(bodyObject(raw));
  const r = new FieldReader(body);
  const model = readModel(r, limits, DEFAULT_SPEECH_MODEL);
  body.model = model;
  const input = r.requiredString('input', limits.maxSpeechChars);
  // A voice is a name, or an object for custom voices on newer models.
  const voice = r.raw('voice');
  if (voice === undefined) throw missing('voice');
  if (typeof voice !== 'string' && !isJsonObject(voice)) throw wrongType('voice', 'string or object');
  r.optionalNumber('speed', 0.25, 4);
  r.oneOf('response_format', ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']);
  return { endpoint: 'audio_speech', model, body, input };
}
