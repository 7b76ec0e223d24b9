import { audioSeconds } from './audio-duration';
import { FieldReader, bodyObject, invalidValue, missing, tooMany, wrongType } from '../canonical/fields';
import { RelayRequestError } from '../canonical/errors';
import { DEFAULT_IMAGE_MODEL, IMAGE_MODEL_RULES } from './image-models';
import type { JsonObject } from '../canonical/json';
import { DEFAULT_RELAY_LIMITS, type RelayLimits } from '../canonical/limits';
import { readModel } from '../openai-chat/parse';
import type { AudioTranscriptionRequest, ImageEditRequest, ImageGenerationRequest, MultipartForm } from '../canonical/request';
import { isRoutingKey, stripRoutingKeys } from '../canonical/routing-keys';

export const DEFAULT_TRANSCRIPTION_MODEL = 'whisper-1';

/** Bytes per second assumed for compressed audio whose length cannot be read (32 kbit/s speech). */
const ASSUMED_AUDIO_BYTES_PER_SECOND = 4000;

function checkImageOptions(model: string, n: number, size: string | null, quality: string | null, limits: RelayLimits): void {
  const rules = IMAGE_MODEL_RULES[model];
  const maxN = Math.min(rules?.maxN ?? limits.maxImageN, limits.maxImageN);
  if (n > maxN) throw new RelayRequestError('integer_above_max_value', 'relay.field_max', 'n', { field: 'n', max: maxN });
  if (size !== null) {
    if (rules) {
      if (!rules.sizes.includes(size)) throw invalidValue('size', rules.sizes.join(', '));
    } else if (size !== 'auto') {
      const m = /^(\d{1,5})[x*](\d{1,5})$/.exec(size);
      const w = Number(m?.[1] ?? 0);
      const h = Number(m?.[2] ?? 0);
      if (!m || w < 1 || h < 1 || w > limits.maxImageEdge || h > limits.maxImageEdge) {
        throw invalidValue('size', `WxH, each edge 1..${limits.maxImageEdge}`);
      }
    }
  }
  if (quality !== null && rules && !rules.qualities.includes(quality)) throw invalidValue('quality', rules.qualities.join(', '));
}

/** POST /v1/images/generations. */
export function parseImageGenerationRequest(raw: unknown, limits: RelayLimits = DEFAULT_RELAY_LIMITS): ImageGenerationRequest {
  const body = stripRoutingKeys(bodyObject(raw));
  const r = new FieldReader(body);
  const model = readModel(r, limits, DEFAULT_IMAGE_MODEL);
  body.model = model;
  const prompt = r.requiredString('prompt');
  const n = r.optionalInt('n', 1, limits.maxImageN) ?? 1;
  const size = r.optionalString('size', 32);
  const quality = r.optionalString('quality', 32);
  checkImageOptions(model, n, size, quality, limits);
  return { endpoint: 'image_generation', model, body, prompt, n, size, quality };
}

/** Multipart text fields as a JSON-like object, routing keys dropped. Last value wins. */
function formFields(form: MultipartForm): { clean: MultipartForm; fields: JsonObject } {
  const kept = form.fields.filter((f) => !isRoutingKey(f.name));
  const fields: JsonObject = {};
  for (const f of kept) fields[f.name] = f.value;
  return { clean: { fields: kept, files: form.files }, fields };
}

/** Multipart numbers arrive as text: "2" is 2, "2.5" and "two" are 400s. */
function formInt(fields: JsonObject, key: string, min: number, max: number): number | null {
  const v = fields[key];
  if (v === undefined || v === '') return null;
  if (typeof v !== 'string' || !/^\d{1,9}$/.test(v)) throw wrongType(key, 'integer');
  const parsed = new FieldReader({ [key]: Number(v) });
  return parsed.optionalInt(key, min, max);
}

function formNumber(fields: JsonObject, key: string, min: number, max: number): number | null {
  const v = fields[key];
  if (v === undefined || v === '') return null;
  const num = typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : NaN;
  return new FieldReader({ [key]: Number.isFinite(num) ? num : v }).optionalNumber(key, min, max);
}

function fileTooLarge(field: string, max: number): RelayRequestError {
  return new RelayRequestError('file_too_large', 'relay.file_too_large', field, { field, max });
}

/** POST /v1/images/edits (multipart: image or image[] files, optional mask). */
export function parseImageEditRequest(form: MultipartForm, limits: RelayLimits = DEFAULT_RELAY_LIMITS): ImageEditRequest {
  const { clean, fields } = formFields(form);
  const r = new FieldReader(fields);
  const model = readModel(r, limits, DEFAULT_IMAGE_MODEL);
  const prompt = r.requiredString('prompt');
  const n = formInt(fields, 'n', 1, limits.maxImageN) ?? 1;
  const size = r.optionalString('size', 32);
  const quality = r.optionalString('quality', 32);
  checkImageOptions(model, n, size, quality, limits);
  const images = clean.files.filter((f) => f.name === 'image' || f.name === 'image[]');
  if (images.length === 0) throw missing('image');
  if (images.length > limits.maxImageEditFiles) throw tooMany('image', limits.maxImageEditFiles);
  for (const f of clean.files) {
    if (f.data.byteLength > limits.maxImageEditBytes) throw fileTooLarge(f.name, limits.maxImageEditBytes);
  }
  const withModel = fields.model === undefined ? { ...clean, fields: [...clean.fields, { name: 'model', value: model }] } : clean;
  return { endpoint: 'image_edit', model, form: withModel, prompt, n, size, quality };
}

/** POST /v1/audio/transcriptions and /v1/audio/translations (multipart `file`). */
export function parseTranscriptionRequest(
  endpoint: 'audio_transcription' | 'audio_translation',
  form: MultipartForm,
  limits: RelayLimits = DEFAULT_RELAY_LIMITS,
): AudioTranscriptionRequest {
  const { clean, fields } = formFields(form);
  const r = new FieldReader(fields);
  const model = readModel(r, limits, DEFAULT_TRANSCRIPTION_MODEL);
  const file = clean.files.find((f) => f.name === 'file');
  if (!file) throw missing('file');
  if (file.data.byteLength > limits.maxAudioBytes) throw fileTooLarge('file', limits.maxAudioBytes);
  const exact = audioSeconds(file.data);
  if (exact !== null && exact > limits.maxAudioSeconds) {
    throw new RelayRequestError('integer_above_max_value', 'relay.audio_too_long', 'file', { max: limits.maxAudioSeconds });
  }
  const estimatedSeconds = exact ?? Math.min(file.data.byteLength / ASSUMED_AUDIO_BYTES_PER_SECOND, limits.maxAudioSeconds);
  const responseFormat = r.oneOf('response_format', ['json', 'text', 'srt', 'verbose_json', 'vtt', 'diarized_json']) ?? 'json';
  formNumber(fields, 'temperature', 0, 1);
  const rawStream = fields.stream;
  if (rawStream !== undefined && rawStream !== 'true' && rawStream !== 'false') throw invalidValue('stream', 'true, false');
  // OpenAI streams transcriptions only; a translation's `stream` is forwarded and ignored upstream.
  const stream = endpoint === 'audio_transcription' && rawStream === 'true';
  const withModel = fields.model === undefined ? { ...clean, fields: [...clean.fields, { name: 'model', value: model }] } : clean;
  return { endpoint, model, form: withModel, fileBytes: file.data.byteLength, estimatedSeconds, responseFormat, stream };
}
