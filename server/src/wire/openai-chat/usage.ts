import { isJsonObject, numberAt, objectAt, type JsonObject } from '../canonical/json';
import { audioSecondsToTokens, reportedUsage, type ReportedUsage } from '../canonical/usage';

/**
 * Chat / completions usage: prompt_tokens, completion_tokens, prompt_tokens_details.cached_tokens
 * and audio_tokens, completion_tokens_details.reasoning_tokens and audio_tokens. A few compatible vendors use other names for the
 * cache counters (DeepSeek `prompt_cache_hit_tokens`, OpenRouter-style `cache_write_tokens`).
 */
export function chatUsage(u: JsonObject): ReportedUsage {
  const prompt = objectAt(u, 'prompt_tokens_details');
  const completion = objectAt(u, 'completion_tokens_details');
  return reportedUsage({
    promptTokens: numberAt(u, 'prompt_tokens'),
    completionTokens: numberAt(u, 'completion_tokens'),
    cachedTokens: numberAt(prompt, 'cached_tokens') ?? numberAt(u, 'prompt_cache_hit_tokens'),
    cacheCreationTokens: numberAt(prompt, 'cache_creation_tokens') ?? numberAt(prompt, 'cache_write_tokens'),
    audioTokens: numberAt(prompt, 'audio_tokens'),
    audioCompletionTokens: numberAt(completion, 'audio_tokens'),
    reasoningTokens: numberAt(completion, 'reasoning_tokens'),
  });
}

/** Responses API and gpt-image usage: input_tokens / output_tokens with *_details. */
export function ioUsage(u: JsonObject, withImages: boolean): ReportedUsage {
  const input = objectAt(u, 'input_tokens_details');
  const output = objectAt(u, 'output_tokens_details');
  return reportedUsage({
    promptTokens: numberAt(u, 'input_tokens'),
    completionTokens: numberAt(u, 'output_tokens'),
    cachedTokens: numberAt(input, 'cached_tokens'),
    imageTokens: withImages ? numberAt(input, 'image_tokens') : null,
    reasoningTokens: numberAt(output, 'reasoning_tokens'),
  });
}

/** Embeddings: prompt_tokens only (total_tokens when a vendor omits it). */
export function embeddingUsage(u: JsonObject): ReportedUsage {
  return reportedUsage({ promptTokens: numberAt(u, 'prompt_tokens') ?? numberAt(u, 'total_tokens'), completionTokens: 0 });
}

/**
 * Rerank: Jina `usage.{prompt,total}_tokens`, SiliconFlow `tokens.input_tokens` or
 * `meta.tokens.input_tokens`.
 */
export function rerankUsage(body: JsonObject): ReportedUsage | null {
  const usage = objectAt(body, 'usage');
  const tokens = objectAt(body, 'tokens') ?? objectAt(objectAt(body, 'meta'), 'tokens');
  const prompt = numberAt(usage, 'prompt_tokens') ?? numberAt(usage, 'total_tokens') ?? numberAt(tokens, 'input_tokens');
  if (prompt === null) return null;
  return reportedUsage({ promptTokens: prompt, completionTokens: numberAt(tokens, 'output_tokens') ?? 0 });
}

/**
 * Transcription usage: `{type:"tokens", input_tokens, output_tokens}` (gpt-4o-transcribe),
 * `{type:"duration", seconds}` (whisper-1), or verbose_json's top-level `duration`.
 */
export function transcriptionUsage(body: JsonObject): ReportedUsage | null {
  const u = objectAt(body, 'usage');
  if (u?.type === 'tokens') return reportedUsage({ promptTokens: numberAt(u, 'input_tokens'), completionTokens: numberAt(u, 'output_tokens') });
  const seconds = u?.type === 'duration' ? numberAt(u, 'seconds') : numberAt(body, 'duration');
  if (seconds === null) return null;
  return reportedUsage({ promptTokens: audioSecondsToTokens(seconds), completionTokens: 0 });
}

/** Usage of a chat/completions chunk: top level, or inside a choice (Moonshot puts it there). */
export function chunkUsage(chunk: JsonObject): ReportedUsage | null {
  if (isJsonObject(chunk.usage)) return chatUsage(chunk.usage);
  if (Array.isArray(chunk.choices)) {
    for (const c of chunk.choices) if (isJsonObject(c) && isJsonObject(c.usage)) return chatUsage(c.usage);
  }
  return null;
}
