// Conversation state of the playground (spec §3 chat message, §4 chat reply states) as a
// reducer, so every transition is unit-tested without a stream or a DOM.
import type { ChatCompletionRequest, ChatRequestMessage } from '../../api/types';

export type ChatMessageStatus = 'loading' | 'incomplete' | 'complete' | 'error';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** Epoch milliseconds. */
  createAt: number;
  status: ChatMessageStatus;
  /** Set on error: what went wrong, shown after the partial text. */
  error?: string;
}

export type ChatAction =
  | { type: 'send'; user: ChatMessage; assistant: ChatMessage }
  | { type: 'delta'; id: string; content: string }
  | { type: 'complete'; id: string }
  | { type: 'error'; id: string; message: string }
  | { type: 'clear' };

function update(state: ChatMessage[], id: string, change: (m: ChatMessage) => ChatMessage): ChatMessage[] {
  return state.map((m) => (m.id === id ? change(m) : m));
}

export function chatReducer(state: ChatMessage[], action: ChatAction): ChatMessage[] {
  switch (action.type) {
    case 'send':
      return [...state, action.user, action.assistant];
    case 'delta':
      // Text arriving moves a reply from loading to incomplete; a finished reply ignores stragglers.
      return update(state, action.id, (m) =>
        m.status === 'loading' || m.status === 'incomplete'
          ? { ...m, content: m.content + action.content, status: 'incomplete' }
          : m,
      );
    case 'complete':
      return update(state, action.id, (m) =>
        m.status === 'loading' || m.status === 'incomplete' ? { ...m, status: 'complete' } : m,
      );
    case 'error':
      return update(state, action.id, (m) => ({ ...m, status: 'error', error: action.message }));
    case 'clear':
      return [];
    default: {
      const never: never = action;
      return never;
    }
  }
}

/** True while a reply is still being produced; the composer waits for it. */
export function isBusy(messages: readonly ChatMessage[]): boolean {
  return messages.some((m) => m.status === 'loading' || m.status === 'incomplete');
}

/** Spec §5: o1 models are refused in the playground and the choice is not applied. */
export function isUnsupportedModel(model: string): boolean {
  return model.startsWith('o1');
}

export interface PlaygroundSettings {
  group: string;
  model: string;
  /** 0.1 to 1 on the slider; 0 until the user moves it (spec default). */
  temperature: number;
  /** 0 means no limit. */
  maxTokens: number;
  systemPrompt: string;
}

export const DEFAULT_MODEL = 'gpt-4o-mini';
export const TEMPERATURE_MIN = 0.1;
export const TEMPERATURE_MAX = 1;
export const TEMPERATURE_STEP = 0.1;

export function defaultSettings(systemPrompt: string): PlaygroundSettings {
  return { group: '', model: DEFAULT_MODEL, temperature: 0, maxTokens: 0, systemPrompt };
}

/** Slider values snap to the 0.1 grid inside [0.1, 1]. */
export function clampTemperature(value: number): number {
  if (!Number.isFinite(value)) return TEMPERATURE_MIN;
  const snapped = Math.round(value / TEMPERATURE_STEP) * TEMPERATURE_STEP;
  return Number(Math.min(TEMPERATURE_MAX, Math.max(TEMPERATURE_MIN, snapped)).toFixed(1));
}

/** Max tokens typed as text becomes a non-negative integer (spec §5 "converted to a number"). */
export function parseMaxTokens(value: string | number): number {
  const n = typeof value === 'number' ? value : Number(value.trim());
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

export type SettingsProblem = 'groupRequired' | 'modelRequired';

/** Group is required only when the server offers groups (a relay key fixes it otherwise). */
export function validateSettings(settings: PlaygroundSettings, groupsOffered: boolean): SettingsProblem | undefined {
  if (groupsOffered && settings.group.trim() === '') return 'groupRequired';
  if (settings.model.trim() === '') return 'modelRequired';
  return undefined;
}

/**
 * The request for the next reply: the system prompt, the finished history (failed replies
 * are dropped so a retry does not feed the error back), then the new user text.
 */
export function buildChatRequest(
  settings: PlaygroundSettings,
  history: readonly ChatMessage[],
  userText: string,
): ChatCompletionRequest {
  const messages: ChatRequestMessage[] = [];
  if (settings.systemPrompt.trim() !== '') messages.push({ role: 'system', content: settings.systemPrompt });
  for (const m of history) {
    if (m.status === 'error' || m.status === 'loading' || m.content === '') continue;
    messages.push({ role: m.role, content: m.content });
  }
  messages.push({ role: 'user', content: userText });
  const request: ChatCompletionRequest = { model: settings.model, messages, temperature: settings.temperature };
  if (settings.group !== '') request.group = settings.group;
  // 0 means "no limit"; sending it would ask the upstream for an empty reply.
  if (settings.maxTokens > 0) request.max_tokens = settings.maxTokens;
  return request;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A conversation read back from storage: malformed entries are dropped, and a reply that was
 * still streaming when the page went away is kept as finished (or dropped when it had no text).
 */
export function restoreMessages(raw: unknown): ChatMessage[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((m): ChatMessage[] => {
    if (!isRecord(m)) return [];
    const { id, role, content, createAt, status, error } = m;
    if (typeof id !== 'string' || (role !== 'user' && role !== 'assistant') || typeof content !== 'string') return [];
    const known = status === 'complete' || status === 'error' || status === 'loading' || status === 'incomplete';
    if (!known) return [];
    const finished: ChatMessageStatus = status === 'error' ? 'error' : 'complete';
    if (status !== 'error' && content === '') return [];
    const message: ChatMessage = { id, role, content, createAt: typeof createAt === 'number' ? createAt : 0, status: finished };
    if (finished === 'error' && typeof error === 'string') message.error = error;
    return [message];
  });
}

/** Settings read back from storage over the defaults; unknown or wrong-typed fields are ignored. */
export function restoreSettings(raw: unknown, defaults: PlaygroundSettings): PlaygroundSettings {
  if (!isRecord(raw)) return defaults;
  const out = { ...defaults };
  if (typeof raw.group === 'string') out.group = raw.group;
  if (typeof raw.model === 'string' && raw.model !== '' && !isUnsupportedModel(raw.model)) out.model = raw.model;
  if (typeof raw.temperature === 'number' && raw.temperature >= 0 && raw.temperature <= TEMPERATURE_MAX) out.temperature = raw.temperature;
  if (typeof raw.maxTokens === 'number') out.maxTokens = parseMaxTokens(raw.maxTokens);
  if (typeof raw.systemPrompt === 'string') out.systemPrompt = raw.systemPrompt;
  return out;
}

let counter = 0;
/** Ids unique within the page; time-based so they sort by creation. */
export function newMessageId(): string {
  counter += 1;
  return `m${Date.now().toString(36)}${counter.toString(36)}`;
}
