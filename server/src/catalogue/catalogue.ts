import { BUILT_IN_CHANNEL_TYPES, type ChannelTypeEntry } from './channel-types';

/**
 * The catalogue at run time: the built-in types plus those a deployment (or a test's fixture
 * catalogue) registers before the app boots. An OpenAI-compatible vendor is one entry here with
 * `relay: { openaiCompatible }`; the relay builds its adaptor from it.
 */
const byId = new Map<number, ChannelTypeEntry>(BUILT_IN_CHANNEL_TYPES.map((e) => [e.id, e]));

/** Adds types to the catalogue; a type id already listed is refused (ids are stored in channel rows). */
export function registerChannelTypes(entries: readonly ChannelTypeEntry[]): void {
  for (const e of entries) {
    if (!Number.isInteger(e.id) || e.id <= 0) throw new Error(`channel type ${e.id}: the id must be a positive integer`);
    if (byId.has(e.id)) throw new Error(`channel type ${e.id} is already in the catalogue`);
  }
  for (const e of entries) byId.set(e.id, e);
}

/** Every type, in catalogue order (built-in first). */
export function channelTypes(): ChannelTypeEntry[] {
  return [...byId.values()];
}

export function channelType(id: unknown): ChannelTypeEntry | undefined {
  return typeof id === 'number' ? byId.get(id) : undefined;
}

/** A type's default base URL from its catalogue entry; null when a channel must name its own. */
export function defaultBaseUrlOf(id: number): string | null {
  return channelType(id)?.defaultBaseUrl || null;
}

export function isChannelTypeId(n: unknown): n is number {
  return channelType(n) !== undefined;
}

/** `{ "<type>": [default model names] }`, as GET /api/channel/models and /api/models answer. */
export function defaultModelsByType(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of byId.values()) out[String(e.id)] = [...e.defaultModels];
  return out;
}

/** The catalogue as GET /api/channel/types answers it (snake_case, every fact the console needs). */
export function channelTypesView() {
  return channelTypes().map((e) => ({
    id: e.id,
    label: e.label,
    default_base_url: e.defaultBaseUrl,
    lists_models: e.modelsPath !== undefined,
    reports_balance: e.balance === true,
    default_models: [...e.defaultModels],
    fixed_models: e.fixedModels === true,
    key_format: e.keyFormat,
    key_hint: e.keyHint ?? null,
    warning: e.warning ?? null,
    fields: e.fields.map((f) => ({ ...f })),
    relay: typeof e.relay === 'string' ? e.relay : 'openai_compatible',
  }));
}
