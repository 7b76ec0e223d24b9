import type { MessageKey } from '../../i18n';

// The channel type catalogue as the console shows it (spec §3): ids, which extra fields a type
// has, its key-format hint. Labels are in the catalogue (console.channels.types.t<id>).
export const CHANNEL_TYPE_IDS = [
  1, 2, 3, 4, 5, 8, 11, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 31, 33, 34, 35, 36, 37, 38, 39, 40, 41,
] as const;

/** Types whose own address field replaces the generic proxy (base URL) field. */
export const OWN_ADDRESS_TYPES: readonly number[] = [3, 8, 22, 36];

/** Types with a key-format hint (console.channels.keyHints.k<id>). */
export const KEY_HINT_TYPES: readonly number[] = [15, 18, 22, 23, 33];

/** Types whose model list the server can fetch (OpenAI's list format, spec §2.4). */
export const MODEL_LIST_TYPES: readonly number[] = [1, 4, 19, 25, 31, 40];

/** Picking one of these always sets its own default models (mj_* actions, Suno). */
export const FIXED_DEFAULT_TYPES: readonly number[] = [2, 5, 36];

/** The Vertex AI region map template (default region and one Claude model elsewhere). */
export const VERTEX_REGION_TEMPLATE = JSON.stringify({ default: 'us-central1', 'claude-3-5-sonnet-20240620': 'europe-west1' }, null, 2);

export function typeLabelKey(type: number): MessageKey {
  // The catalogue has a t<id> entry for every id above.
  return (CHANNEL_TYPE_IDS as readonly number[]).includes(type) ? (`console.channels.types.t${type}` as MessageKey) : 'console.channels.types.unknown';
}
