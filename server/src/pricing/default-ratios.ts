/**
 * Default ratio tables (data, not code). Model ratio 1 = US$2 per 1M input tokens.
 * `POST /api/option/rest_model_ratio` restores DEFAULT_MODEL_RATIO.
 */
export const DEFAULT_MODEL_RATIO: Readonly<Record<string, number>> = {
  'gpt-4o-mini': 0.075,
  'gpt-4o-mini-2024-07-18': 0.075,
  'gpt-4o': 1.25,
  'gpt-4o-2024-05-13': 2.5,
  'gpt-4o-2024-08-06': 1.25,
  'gpt-4o-2024-11-20': 1.25,
  'chatgpt-4o-latest': 2.5,
  'gpt-4o-realtime-preview': 2.5,
  'gpt-4o-audio-preview': 1.25,
  'gpt-4o-mini-audio-preview': 0.075,
  'gpt-4o-mini-realtime-preview': 0.3,
  'gpt-4': 15,
  'gpt-4-0613': 15,
  'gpt-4-32k': 30,
  'gpt-4-turbo': 5,
  'gpt-4-turbo-preview': 5,
  'gpt-4-1106-preview': 5,
  'gpt-4.1': 1.0,
  'gpt-4.1-mini': 0.2,
  'gpt-4.1-nano': 0.05,
  'gpt-4.5-preview': 37.5,
  'gpt-5': 0.625,
  'gpt-5-mini': 0.125,
  'gpt-5-nano': 0.025,
  'gpt-3.5-turbo': 0.25,
  'gpt-3.5-turbo-0125': 0.25,
  'gpt-3.5-turbo-1106': 0.5,
  'gpt-3.5-turbo-16k': 1.5,
  'gpt-3.5-turbo-instruct': 0.75,
  'o1': 7.5,
  'o1-mini': 0.55,
  'o1-preview': 7.5,
  'o3': 1,
  'o3-mini': 0.55,
  'o4-mini': 0.55,
  'gpt-4-gizmo-*': 15,
  'gpt-4o-gizmo-*': 2.5,
  'text-embedding-3-small': 0.01,
  'text-embedding-3-large': 0.065,
  'text-embedding-ada-002': 0.05,
  'text-moderation-latest': 0.1,
  'omni-moderation-latest': 0.1,
  'whisper-1': 15,
  'tts-1': 7.5,
  'tts-1-hd': 15,
  'gpt-4o-mini-tts': 0.3,
  'davinci-002': 1,
  'babbage-002': 0.2,
  'claude-3-haiku-20240307': 0.125,
  'claude-3-5-haiku-20241022': 0.5,
  'claude-3-5-sonnet-20240620': 1.5,
  'claude-3-5-sonnet-20241022': 1.5,
  'claude-3-7-sonnet-20250219': 1.5,
  'claude-3-opus-20240229': 7.5,
  'claude-sonnet-4-20250514': 1.5,
  'claude-opus-4-20250514': 7.5,
  'gemini-1.5-pro': 0.625,
  'gemini-1.5-flash': 0.0375,
  'gemini-2.0-flash': 0.05,
  'gemini-2.5-pro': 0.625,
  'gemini-2.5-flash': 0.15,
  'deepseek-chat': 0.135,
  'deepseek-reasoner': 0.275,
  'moonshot-v1-8k': 1,
  'moonshot-v1-32k': 2,
  'moonshot-v1-128k': 5,
  'yi-large': 1.5,
  'yi-lightning': 0.05,
  'glm-4': 7.143,
  'glm-4-flash': 0,
  'qwen-turbo': 0.0215,
  'qwen-plus': 0.0572,
  'qwen-max': 0.8572,
  'command-r': 0.25,
  'command-r-plus': 1.5,
};

export const DEFAULT_MODEL_PRICE: Readonly<Record<string, number>> = {
  'dall-e-2': 0.02,
  'dall-e-3': 0.04,
  'imagen-3.0-generate-002': 0.03,
  'gpt-4-gizmo-*': 0.1,
  suno_music: 0.1,
  suno_lyrics: 0.01,
  mj_imagine: 0.1,
  mj_variation: 0.1,
  mj_reroll: 0.1,
  mj_blend: 0.1,
  mj_modal: 0.1,
  mj_zoom: 0.1,
  mj_shorten: 0.1,
  mj_high_variation: 0.1,
  mj_low_variation: 0.1,
  mj_pan: 0.1,
  mj_edits: 0.1,
  mj_describe: 0.05,
  mj_upscale: 0.05,
  mj_upload: 0.05,
  swap_face: 0.05,
  mj_inpaint: 0,
  mj_custom_zoom: 0,
  mj_video: 0.8,
};

/**
 * Configured completion ratios (output price / input price) for models the built-in rules of
 * completion-ratio.ts leave at a generic value; locked built-in rules still win over these.
 */
export const DEFAULT_COMPLETION_RATIO: Readonly<Record<string, number>> = {
  'gpt-4.1': 4,
  'gpt-4.1-mini': 4,
  'gpt-4.1-nano': 4,
  'gpt-4-1106-preview': 3,
  'gpt-4-0125-preview': 3,
  'o4-mini': 4,
  'deepseek-chat': 4,
  'deepseek-reasoner': 4,
};

/**
 * Cache (read) ratio by model family (reference §3.10): the price of a cached prompt token over
 * a fresh one. Keys use the ModelRatio syntax (exact name, or a prefix ending in "*"; the
 * longest prefix wins). Models outside every family get no discount (cache-ratio.ts).
 */
export const CACHE_RATIO_FAMILIES: Readonly<Record<string, number>> = {
  'gpt-4': 0.5,
  'gpt-4o*': 0.5,
  'o1*': 0.5,
  'o3-mini*': 0.5,
  'gpt-4.1*': 0.25,
  'gpt-5*': 0.1,
  'deepseek*': 0.25,
  'claude-3*': 0.1,
  'claude-sonnet-4*': 0.1,
  'claude-opus-4*': 0.1,
  'claude-haiku-4*': 0.1,
};

/** Cache-creation (write) ratio by family: Anthropic charges 1.25× input for 5-minute cache writes. */
export const CREATE_CACHE_RATIO_FAMILIES: Readonly<Record<string, number>> = {
  'claude-3*': 1.25,
  'claude-sonnet-4*': 1.25,
  'claude-opus-4*': 1.25,
  'claude-haiku-4*': 1.25,
};

/**
 * Audio input tokens over text input tokens (reference §3.2 AudioRatio), from OpenAI's prices:
 * gpt-4o-audio $40/M against $2.50/M text, gpt-4o-mini-audio $10/M against $0.15/M, the realtime
 * previews $40/M against $5/M and $10/M against $0.60/M. Models not listed price audio as text.
 */
export const DEFAULT_AUDIO_RATIO: Readonly<Record<string, number>> = {
  'gpt-4o-audio-preview*': 16,
  'gpt-4o-mini-audio-preview*': 66.67,
  'gpt-4o-realtime-preview*': 8,
  'gpt-4o-mini-realtime-preview*': 16.67,
};

/**
 * Audio output tokens over audio input tokens (AudioCompletionRatio): $80/M out against $40/M in,
 * $20/M against $10/M. A model not listed uses its completion ratio (audio priced as text).
 */
export const DEFAULT_AUDIO_COMPLETION_RATIO: Readonly<Record<string, number>> = {
  'gpt-4o-audio-preview*': 2,
  'gpt-4o-mini-audio-preview*': 2,
  'gpt-4o-realtime-preview*': 2,
  'gpt-4o-mini-realtime-preview*': 2,
};

export const DEFAULT_GROUP_RATIO: Readonly<Record<string, number>> = { default: 1, vip: 1, svip: 1 };

export const DEFAULT_USER_USABLE_GROUPS: Readonly<Record<string, string>> = {
  default: '默认分组',
  vip: 'vip分组',
};
