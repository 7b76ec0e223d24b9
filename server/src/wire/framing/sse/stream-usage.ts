import { isJsonObject, type JsonObject } from '../../canonical/json';
import type { Usage } from '../../canonical/usage';

/**
 * Usage is authoritative only when the upstream sends it, so the relay always asks for the
 * trailing usage chunk (`stream_options.include_usage`) on providers that support it, and
 * hides that chunk from clients that did not ask (money rule 6).
 *
 * Returns the upstream body: the client's other stream options are kept.
 */
export function withUpstreamUsage(body: JsonObject): JsonObject {
  const current = isJsonObject(body.stream_options) ? body.stream_options : {};
  return { ...body, stream_options: { ...current, include_usage: true } };
}

/** Filters chunks of a chat/completions stream for a client, by what it asked for. */
export class ClientUsageFilter {
  constructor(readonly clientWantsUsage: boolean) {}

  /** The chunk to send, or null to send nothing. */
  filter(chunk: JsonObject): JsonObject | null {
    if (this.clientWantsUsage || !('usage' in chunk)) return chunk;
    const choices = chunk.choices;
    const noChoices = choices === undefined || choices === null || (Array.isArray(choices) && choices.length === 0);
    // The extra chunk: empty choices, usage only.
    if (noChoices && isJsonObject(chunk.usage)) return null;
    // Other chunks carry `"usage": null` only because we asked upstream; clients that did not
    // ask never see that key from OpenAI either.
    if (chunk.usage === null) {
      const { usage: _usage, ...rest } = chunk;
      return rest;
    }
    return chunk;
  }
}

/**
 * A trailing usage chunk for a client that asked for one when the upstream sent none (the
 * provider does not support stream_options): the numbers are the relay's settled usage.
 */
export function usageChunk(
  template: { id: string; model: string; created: number; object?: string },
  usage: Pick<Usage, 'promptTokens' | 'completionTokens' | 'cachedTokens' | 'reasoningTokens'>,
): JsonObject {
  return {
    id: template.id,
    object: template.object ?? 'chat.completion.chunk',
    created: template.created,
    model: template.model,
    choices: [],
    usage: {
      prompt_tokens: usage.promptTokens,
      completion_tokens: usage.completionTokens,
      total_tokens: usage.promptTokens + usage.completionTokens,
      prompt_tokens_details: { cached_tokens: usage.cachedTokens },
      completion_tokens_details: { reasoning_tokens: usage.reasoningTokens },
    },
  };
}
