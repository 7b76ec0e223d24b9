/**
 * Completion-ratio resolution (reference §3.10), the one implementation billing and the price
 * list share. Order:
 *   1. a name containing "/" (vendor-prefixed, e.g. "deepseek-ai/DeepSeek-V3") uses the configured map first;
 *   2. a built-in rule flagged `locked` wins over the configured map (official vendor prices);
 *   3. otherwise the configured map;
 *   4. otherwise the built-in rule's ratio, and 1 when no rule matches.
 */
export interface BuiltInRatio {
  ratio: number;
  /** True when the vendor's official output/input price ratio must not be overridden. */
  locked: boolean;
}

const open = (ratio: number): BuiltInRatio => ({ ratio, locked: false });
const locked = (ratio: number): BuiltInRatio => ({ ratio, locked: true });

const LLAMA: Readonly<Record<string, number>> = {
  'llama2-70b-4096': 0.8 / 0.64,
  'llama3-8b-8192': 2,
  'llama3-70b-8192': 0.79 / 0.59,
};

const COMMAND: Readonly<Record<string, number>> = {
  'command-r': 3,
  'command-r-plus': 5,
  'command-r-08-2024': 4,
  'command-r-plus-08-2024': 4,
};

/** The built-in rule for a model name, or null when none applies. */
export function builtInCompletionRatio(name: string): BuiltInRatio | null {
  if (name.endsWith('-all') || name.includes('-gizmo-')) return open(2);

  if (name.startsWith('gpt-4o')) {
    if (name === 'gpt-4o-2024-05-13') return locked(3);
    if (name.startsWith('gpt-4o-mini-tts')) return open(20);
    return open(4);
  }
  if (name.startsWith('gpt-5')) return locked(8);
  if (name.startsWith('gpt-4.5-preview')) return locked(2);
  if (name.startsWith('gpt-4-turbo') || name.endsWith('gpt-4-1106')) return locked(3);
  if (name.startsWith('gpt-3.5')) {
    if (name === 'gpt-3.5-turbo' || name.endsWith('0125')) return locked(3);
    if (name.endsWith('1106')) return locked(2);
    return locked(4 / 3);
  }
  if (name.startsWith('gpt-')) return open(2);

  if (name.startsWith('o1') || name.startsWith('o3')) return locked(4);
  if (name === 'chatgpt-4o-latest') return locked(3);

  if (name.includes('claude-3') || name.includes('claude-sonnet-4') || name.includes('claude-opus-4') || name.includes('claude-haiku-4')) {
    return locked(5);
  }
  if (name.includes('claude-instant-1') || name.includes('claude-2')) return locked(3);

  if (name.startsWith('mistral-')) return locked(3);

  if (name.startsWith('gemini-')) {
    if (name.startsWith('gemini-1.5') || name.startsWith('gemini-2.0')) return locked(4);
    if (name.startsWith('gemini-2.5-pro')) return open(8);
    if (name.startsWith('gemini-2.5-flash-lite')) return open(4);
    if (name.startsWith('gemini-2.5-flash')) return open(2.5 / 0.3);
    return open(4);
  }

  if (name.startsWith('command')) {
    const fixed = COMMAND[name];
    return fixed !== undefined ? locked(fixed) : open(4);
  }

  if (/^ERNIE-(Speed|Lite|Character|Functions)/.test(name)) return open(2);

  const llama = LLAMA[name];
  if (llama !== undefined) return locked(llama);
  return null;
}

function configuredValue(configured: Readonly<Record<string, unknown>>, model: string): number | null {
  if (!Object.prototype.hasOwnProperty.call(configured, model)) return null;
  const v = configured[model];
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** The completion ratio of `model` given the configured CompletionRatio option map. */
export function completionRatio(model: string, configured: Readonly<Record<string, unknown>>): number {
  if (model.includes('/')) {
    const own = configuredValue(configured, model);
    if (own !== null) return own;
  }
  const builtIn = builtInCompletionRatio(model);
  if (builtIn?.locked) return builtIn.ratio;
  const own = configuredValue(configured, model);
  if (own !== null) return own;
  return builtIn?.ratio ?? 1;
}
