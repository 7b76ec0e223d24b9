import type { CanonicalRequest } from '../../wire/canonical/request';

/**
 * Sensitive-word check on prompts (options CheckSensitiveEnabled + CheckSensitiveOnPromptEnabled,
 * words in SensitiveWords, one per line). Deliberately simple: a case-insensitive substring match
 * of any word in the prompt's text; a hit refuses the request with 400 `sensitive_words_detected`
 * before any quota is held. Completions are not checked (CheckSensitiveOnCompletionEnabled is
 * kept for the console but not enforced: a streamed reply cannot be recalled once sent).
 */
export function parseSensitiveWords(raw: string): string[] {
  const out: string[] = [];
  for (const line of raw.split(/\r?\n/)) {
    const w = line.trim().toLowerCase();
    if (w !== '' && !out.includes(w)) out.push(w);
  }
  return out;
}

/** Every piece of prompt text a request carries (what the words are checked against). */
export function promptTexts(req: CanonicalRequest): string[] {
  switch (req.endpoint) {
    case 'chat':
    case 'messages':
    case 'gemini':
      return req.messages.flatMap((m) => [...m.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])), m.toolCallText]);
    case 'completion':
      return req.prompts;
    case 'embedding':
    case 'moderation':
      return req.inputs;
    case 'image_generation':
    case 'image_edit':
      return [req.prompt];
    case 'audio_speech':
      return [req.input];
    case 'audio_transcription':
    case 'audio_translation':
      return [];
    case 'rerank':
      return [req.query, ...req.documents];
    case 'responses':
      return req.inputTexts;
    default: {
      const never: never = req;
      return never;
    }
  }
}

/** The first word found in the texts, or null. */
export function findSensitiveWord(texts: readonly string[], words: readonly string[]): string | null {
  if (words.length === 0) return null;
  for (const text of texts) {
    if (text === '') continue;
    const lower = text.toLowerCase();
    for (const w of words) if (lower.includes(w)) return w;
  }
  return null;
}
