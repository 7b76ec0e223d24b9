import type { ChannelContext } from '../types';

/** Paths of the OpenAI wire protocol, relative to the version prefix. */
export type OpenAIPath =
  | 'chat/completions'
  | 'completions'
  | 'embeddings'
  | 'moderations'
  | 'images/generations'
  | 'images/edits'
  | 'audio/speech'
  | 'audio/transcriptions'
  | 'audio/translations'
  | 'rerank'
  | 'responses'
  | 'models';

export type OpenAICapability = 'embeddings' | 'moderations' | 'images' | 'image_edits' | 'audio' | 'rerank' | 'responses' | 'models';

/**
 * An OpenAI-compatible provider is configuration: where it lives, how the key travels, whether
 * it honours `stream_options.include_usage`, and which endpoints it serves.
 */
export interface OpenAICompatibleConfig {
  readonly type: number;
  readonly name: string;
  readonly defaultBaseUrl: string | null;
  /**
   * `bearer`: Authorization: Bearer <key>. `bearer_optional`: the same, omitted when the key is
   * empty (a local Ollama needs none). `api_key`: Azure's `api-key` header.
   */
  readonly auth: 'bearer' | 'bearer_optional' | 'api_key';
  /** Ask for the trailing usage chunk on streams (providers that accept stream_options). */
  readonly streamUsage: boolean | ((ctx: ChannelContext) => boolean);
  readonly capabilities: readonly OpenAICapability[];
  /** Builds the URL; default: base + "/v1/" + path. */
  readonly url?: (path: OpenAIPath, ctx: ChannelContext, model: string) => string;
  /** Extra headers (OpenAI-Organization). */
  readonly headers?: (ctx: ChannelContext) => Record<string, string>;
}
