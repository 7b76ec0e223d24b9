import { isChannelTypeId } from '../catalogue/catalogue';

export type SourceKind = 'new-api' | 'one-api';

/** What a source channel type becomes: a Sluice type, and the base URL to use when the source left it empty. */
export interface MappedType {
  type: number;
  defaultBaseUrl?: string;
  /** Why the type changed (printed in the summary). */
  note?: string;
}

/**
 * OpenAI-compatible upstreams Sluice has no own type for: served by the OpenAI type (1) with the
 * provider's base URL, which is how both reference systems relay them.
 */
const OPENAI_COMPATIBLE_NEW_API: Record<number, string> = {
  6: 'https://api.openaimax.com',
  7: 'https://api.ohmygpt.com',
  9: 'https://api.caipacity.com',
  10: 'https://api.aiproxy.io',
  12: 'https://api.api2gpt.com',
  13: 'https://api.aigc2d.com',
};

/** one-api numbers after 25 (relay/channeltype in one-api) to new-api's, which Sluice uses. */
const ONE_API_NATIVE: Record<number, number> = {
  27: 35, // MiniMax
  28: 42, // Mistral
  30: 4, // Ollama
  31: 31, // 01.AI
  33: 33, // AWS Claude
  35: 34, // Cohere
  36: 43, // DeepSeek
  37: 39, // Cloudflare
  42: 41, // Vertex AI
  44: 40, // SiliconFlow
  45: 48, // xAI
};

const OPENAI_COMPATIBLE_ONE_API: Record<number, string> = {
  6: 'https://api.openaimax.com',
  7: 'https://api.ohmygpt.com',
  9: 'https://api.caipacity.com',
  10: 'https://api.aiproxy.io',
  12: 'https://api.api2gpt.com',
  13: 'https://api.aigc2d.com',
  26: 'https://api.baichuan-ai.com',
  29: 'https://api.groq.com/openai',
  32: 'https://api.stepfun.com',
  39: 'https://api.together.xyz',
  50: '',
};


/** The Sluice type of a source channel type, or null when Sluice has no adaptor for it. */
export function mapChannelType(kind: SourceKind, sourceType: number): MappedType | null {
  if (kind === 'one-api' && sourceType > 25) {
    const native = ONE_API_NATIVE[sourceType];
    if (native !== undefined) return { type: native, note: native === sourceType ? undefined : `one-api type ${sourceType} -> ${native}` };
    const base = OPENAI_COMPATIBLE_ONE_API[sourceType];
    if (base !== undefined) return { type: 1, defaultBaseUrl: base, note: `one-api type ${sourceType} -> 1 (OpenAI-compatible)` };
    return null;
  }
  if (isChannelTypeId(sourceType)) return { type: sourceType };
  const table = kind === 'one-api' ? OPENAI_COMPATIBLE_ONE_API : OPENAI_COMPATIBLE_NEW_API;
  const base = table[sourceType];
  if (base !== undefined) return { type: 1, defaultBaseUrl: base, note: `${kind} type ${sourceType} -> 1 (OpenAI-compatible)` };
  return null;
}
