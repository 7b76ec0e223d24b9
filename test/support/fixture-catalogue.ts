import { registerChannelTypes } from '../../server/src/catalogue/catalogue';
import type { ChannelTypeEntry } from '../../server/src/catalogue/channel-types';

/**
 * The tests' own catalogue: one OpenAI-compatible vendor the product does not ship, added the way
 * a new vendor is added (one entry), and one planned type. Registering it before the app boots puts it in the channel
 * validation, GET /api/channel/types, the console's type select and the relay.
 */
export const FIXTURE_VENDOR: ChannelTypeEntry = {
  id: 9001,
  label: { zh: '测试云', en: 'Fixture Cloud' },
  defaultBaseUrl: 'https://api.fixture-cloud.invalid',
  modelsPath: '/v1/models',
  defaultModels: ['fixture-chat-1'],
  keyFormat: 'line',
  fields: [],
  relay: { openaiCompatible: { auth: 'bearer', streamUsage: true, capabilities: ['embeddings', 'models'] } },
};

/**
 * A type catalogued but not served yet (`relay: 'planned'`): every built-in type relays now, so the
 * console's "not yet supported" note is shown on this one.
 */
export const FIXTURE_PLANNED: ChannelTypeEntry = {
  id: 9003,
  label: { zh: '计划云', en: 'Planned Cloud' },
  defaultBaseUrl: 'https://api.planned-cloud.invalid',
  defaultModels: ['planned-chat-1'],
  keyFormat: 'line',
  fields: [],
  relay: 'planned',
};

let registered = false;

/** Adds the fixture entries once per test file (each file has its own module registry). */
export function useFixtureCatalogue(): void {
  if (registered) return;
  registerChannelTypes([FIXTURE_VENDOR, FIXTURE_PLANNED]);
  registered = true;
}
