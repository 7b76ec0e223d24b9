import type { GeminiEncodeOptions } from '../../../wire/gemini/request';
import { ChannelConfigError } from '../errors';
import { isJsonObject, parseJson, type JsonObject } from '../../../wire/canonical/json';

/*
 * Type-24 channel settings, read from the channel's `other` (the one type-specific field that
 * reaches an adaptor): a plain API version (`v1`, `v1beta`, `v1alpha`), or a JSON object
 * `{"version": "v1beta", "safety": "BLOCK_ONLY_HIGH" | {"HARM_CATEGORY_…": "BLOCK_…"}}`.
 * Empty means v1beta and every category at BLOCK_NONE (new-api's GEMINI_SAFETY_SETTING default).
 */

export const DEFAULT_API_VERSION = 'v1beta';
export const DEFAULT_SAFETY_THRESHOLD = 'BLOCK_NONE';

/** The harm categories the Generative Language API filters on for text. */
export const SAFETY_CATEGORIES = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
  'HARM_CATEGORY_CIVIC_INTEGRITY',
] as const;

const THRESHOLDS = new Set(['BLOCK_NONE', 'BLOCK_LOW_AND_ABOVE', 'BLOCK_MEDIUM_AND_ABOVE', 'BLOCK_ONLY_HIGH', 'OFF', 'HARM_BLOCK_THRESHOLD_UNSPECIFIED']);
const VERSION = /^v\d+(?:(?:alpha|beta)\d*)?$/;

/** The channel's API version and the safety thresholds the Gemini wire encodes. */
export interface GeminiSettings extends GeminiEncodeOptions {
  readonly version: string;
}

function threshold(v: unknown): string {
  if (typeof v !== 'string' || !THRESHOLDS.has(v)) throw new ChannelConfigError(`Gemini safety threshold ${JSON.stringify(v)} is not one of ${[...THRESHOLDS].join(', ')}`);
  return v;
}

function safetyOf(v: JsonObject[string] | undefined): GeminiSettings['safety'] {
  if (v === undefined || v === null) return SAFETY_CATEGORIES.map((category) => ({ category, threshold: DEFAULT_SAFETY_THRESHOLD }));
  if (typeof v === 'string') {
    const t = threshold(v);
    return SAFETY_CATEGORIES.map((category) => ({ category, threshold: t }));
  }
  if (!isJsonObject(v)) throw new ChannelConfigError('Gemini safety must be a threshold or an object of category -> threshold');
  // Categories the map leaves out keep the default.
  return SAFETY_CATEGORIES.map((category) => ({ category, threshold: category in v ? threshold(v[category]) : DEFAULT_SAFETY_THRESHOLD }));
}

export function geminiSettings(other: string): GeminiSettings {
  const text = other.trim();
  if (text === '') return { version: DEFAULT_API_VERSION, safety: safetyOf(undefined) };
  if (!text.startsWith('{')) {
    if (!VERSION.test(text)) throw new ChannelConfigError(`Gemini API version ${JSON.stringify(text.slice(0, 40))} is not like v1 or v1beta`);
    return { version: text, safety: safetyOf(undefined) };
  }
  const parsed = parseJson(text);
  if (!isJsonObject(parsed)) throw new ChannelConfigError('Gemini channel settings (other) are not a JSON object');
  const version = parsed.version ?? DEFAULT_API_VERSION;
  if (typeof version !== 'string' || !VERSION.test(version)) throw new ChannelConfigError('Gemini API version in other.version is not like v1 or v1beta');
  return { version, safety: safetyOf(parsed.safety) };
}
