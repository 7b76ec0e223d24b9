import type { CanonicalRequest, ChatMessage } from '../wire/canonical/request';
import { audioSecondsToTokens } from '../wire/canonical/usage';
import type { HoldInput } from './quota';
import { estimateTokens } from './token-estimator';

/** Per-message framing OpenAI adds (role markers), per name, and the reply priming. */
const PER_MESSAGE = 3;
const PER_NAME = 3;
const PRIMING = 3;
/** Tool definitions: a flat allowance per tool (the schema text is not kept on the request). */
const PER_TOOL = 8;
/** Images are not downloaded to measure them: low detail is 85, others a 1024² high-detail tile set. */
const IMAGE_LOW = 85;
const IMAGE_DEFAULT = 765;
const AUDIO_PART = 256;
const FILE_PART = 4096;

function messageTokens(m: ChatMessage): number {
  let tokens = PER_MESSAGE + estimateTokens(m.role) + estimateTokens(m.toolCallText);
  if (m.name) tokens += PER_NAME + estimateTokens(m.name);
  for (const part of m.parts) {
    switch (part.type) {
      case 'text':
        tokens += estimateTokens(part.text);
        break;
      case 'image':
        tokens += part.detail === 'low' ? IMAGE_LOW : IMAGE_DEFAULT;
        break;
      case 'audio':
        tokens += AUDIO_PART;
        break;
      case 'file':
        tokens += FILE_PART;
        break;
      case 'other':
        break;
      default: {
        const never: never = part;
        return never;
      }
    }
  }
  return tokens;
}

function sum(texts: readonly string[]): number {
  return texts.reduce((acc, t) => acc + estimateTokens(t), 0);
}

/** Local prompt estimate of a request: the hold's basis and the fallback when usage is missing. */
export function estimatePromptTokens(req: CanonicalRequest): number {
  switch (req.endpoint) {
    case 'chat':
    case 'messages':
    case 'gemini':
      return req.messages.reduce((acc, m) => acc + messageTokens(m), PRIMING) + req.toolCount * PER_TOOL;
    case 'completion':
      return sum(req.prompts) + req.promptTokenArrays;
    case 'embedding':
      return sum(req.inputs) + req.inputTokenCount;
    case 'moderation':
      return sum(req.inputs) + req.imageCount * IMAGE_DEFAULT;
    case 'image_generation':
    case 'image_edit':
      return estimateTokens(req.prompt);
    case 'audio_speech':
      // TTS bills characters as tokens.
      return [...req.input].length;
    case 'audio_transcription':
    case 'audio_translation':
      return audioSecondsToTokens(req.estimatedSeconds);
    case 'rerank': {
      // Rerankers score (query, document) pairs: the query is read once per document.
      const query = estimateTokens(req.query);
      return req.documents.reduce((acc, d) => acc + query + estimateTokens(d), 0);
    }
    case 'responses':
      return sum(req.inputTexts) + req.inputImages * IMAGE_DEFAULT + req.toolCount * PER_TOOL + PRIMING;
    default: {
      const never: never = req;
      return never;
    }
  }
}

/**
 * Most tokens the request may generate: max tokens × choices (best_of for completions); null
 * when the client set no bound (the hold then takes PreConsumedQuota tokens); 0 for endpoints
 * that generate no billed tokens (embeddings, moderations, rerank, speech: billed by input).
 */
export function completionBound(req: CanonicalRequest): number | null {
  switch (req.endpoint) {
    case 'chat':
      return req.maxOutputTokens === null ? null : req.maxOutputTokens * req.n;
    case 'completion':
      return req.maxOutputTokens === null ? null : req.maxOutputTokens * req.bestOf;
    case 'responses':
    case 'messages':
    case 'gemini':
      return req.maxOutputTokens;
    case 'embedding':
    case 'moderation':
    case 'rerank':
    case 'audio_speech':
      return 0;
    default:
      return null;
  }
}

export function holdInputFor(req: CanonicalRequest): HoldInput {
  return { promptTokens: estimatePromptTokens(req), completionBound: completionBound(req) };
}
