/**
 * Bounds on every user-controlled multiplier (money rule 4). A value past a bound is a 400
 * before any quota is reserved. Defaults follow the providers' own documented maxima.
 */
export interface RelayLimits {
  /** Chat / completion `n` (OpenAI documents 1..128). */
  maxN: number;
  /** Legacy completions `best_of` (OpenAI documents up to 20). */
  maxBestOf: number;
  /** max_tokens / max_completion_tokens / max_output_tokens per choice. */
  maxOutputTokens: number;
  /** Images per generation or edit call (OpenAI documents 1..10). */
  maxImageN: number;
  /** Longest image edge in pixels for sizes outside the known model tables. */
  maxImageEdge: number;
  /** Audio upload size (OpenAI's documented 25 MB). */
  maxAudioBytes: number;
  /** Audio duration when it can be read or estimated. */
  maxAudioSeconds: number;
  /** TTS input length (OpenAI documents 4096 characters). */
  maxSpeechChars: number;
  /** Embedding inputs per call (OpenAI documents 2048). */
  maxEmbeddingInputs: number;
  maxRerankDocuments: number;
  /** Files per image edit and bytes per file. */
  maxImageEditFiles: number;
  maxImageEditBytes: number;
  maxModelNameLength: number;
}

export const DEFAULT_RELAY_LIMITS: Readonly<RelayLimits> = Object.freeze({
  maxN: 128,
  maxBestOf: 20,
  maxOutputTokens: 1_048_576,
  maxImageN: 10,
  maxImageEdge: 4096,
  maxAudioBytes: 25 * 1024 * 1024,
  maxAudioSeconds: 4 * 3600,
  maxSpeechChars: 4096,
  maxEmbeddingInputs: 2048,
  maxRerankDocuments: 1000,
  maxImageEditFiles: 16,
  maxImageEditBytes: 50 * 1024 * 1024,
  maxModelNameLength: 256,
});
