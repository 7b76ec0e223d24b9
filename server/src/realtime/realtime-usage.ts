import { reportedUsage, type ReportedUsage } from '../wire/canonical/usage';

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function obj(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/**
 * OpenAI's realtime `response.done` usage (`response.usage`: input_tokens, output_tokens,
 * input_token_details {cached_tokens, text_tokens, audio_tokens}, output_token_details
 * {text_tokens, audio_tokens}) as canonical reported usage; null when the event carries none.
 */
export function realtimeUsage(event: Record<string, unknown>): ReportedUsage | null {
  const usage = obj(obj(event.response).usage);
  if (Object.keys(usage).length === 0) return null;
  const inDetails = obj(usage.input_token_details);
  const outDetails = obj(usage.output_token_details);
  return reportedUsage({
    promptTokens: num(usage.input_tokens),
    completionTokens: num(usage.output_tokens),
    cachedTokens: num(inDetails.cached_tokens) ?? 0,
    audioTokens: num(inDetails.audio_tokens) ?? 0,
    audioCompletionTokens: num(outDetails.audio_tokens) ?? 0,
    cacheCreationTokens: 0,
    cacheCreation1hTokens: 0,
    imageTokens: 0,
    reasoningTokens: 0,
  });
}

/** The relay key among the browser subprotocols (`openai-insecure-api-key.<key>`), or null. */
export function subprotocolKey(header: string | string[] | undefined): string | null {
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const p of raw.split(',')) {
    const v = p.trim();
    if (v.startsWith('openai-insecure-api-key.')) {
      const key = v.slice('openai-insecure-api-key.'.length);
      if (key !== '') return key;
    }
  }
  return null;
}
