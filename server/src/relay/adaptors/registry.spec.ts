import { registerChannelTypes } from '../../catalogue/catalogue';
import { BUILT_IN_CHANNEL_TYPES } from '../../catalogue/channel-types';
import { BALANCE_PROVIDERS } from '../../channels/balance/balance-providers';
import { RelayRequestError } from '../../wire/canonical/errors';
import { RELAY_CHANNEL_TYPES } from './channel-types';
import { ADAPTORS, adaptorFor, unsupportedEndpoint } from './registry';

const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
const servedBy = (kind: string) => BUILT_IN_CHANNEL_TYPES.filter((e) => (typeof e.relay === 'string' ? e.relay : 'openai_compatible') === kind).map((e) => e.id);

describe('adaptor registry', () => {
  it('has exactly one adaptor per relay type, each reporting its own type', () => {
    expect(sorted(Object.keys(ADAPTORS).map(Number))).toEqual([...RELAY_CHANNEL_TYPES]);
    for (const type of RELAY_CHANNEL_TYPES) expect(adaptorFor(type).type).toBe(type);
  });

  it('agrees with the catalogue both ways: its adaptor types are the registry, nothing more or less', () => {
    expect(sorted(servedBy('adaptor'))).toEqual(sorted(Object.keys(ADAPTORS).map(Number)));
  });

  it('lists every registry type in the catalogue, and no catalogue type is left without a way through the relay', () => {
    const ids = new Set(BUILT_IN_CHANNEL_TYPES.map((e) => e.id));
    for (const type of RELAY_CHANNEL_TYPES) expect(ids.has(type)).toBe(true);
    for (const e of BUILT_IN_CHANNEL_TYPES) expect(['adaptor', 'task', 'planned', 'openai_compatible']).toContain(typeof e.relay === 'string' ? e.relay : 'openai_compatible');
    expect(ids.size).toBe(BUILT_IN_CHANNEL_TYPES.length);
  });

  it('marks as reporting a balance exactly the types with a balance query', () => {
    expect(sorted(BUILT_IN_CHANNEL_TYPES.filter((e) => e.balance === true).map((e) => e.id))).toEqual(sorted(Object.keys(BALANCE_PROVIDERS).map(Number)));
  });

  it('answers planned, task and unknown types with a clear 501 naming the catalogue label', () => {
    const refusal = (type: number) => {
      try {
        adaptorFor(type);
      } catch (e) {
        return e;
      }
      return null;
    };
    for (const type of [...servedBy('planned'), ...servedBy('task')]) expect(refusal(type)).toBeInstanceOf(RelayRequestError);
    // Every built-in type relays now: a deployment's planned entry shows the refusal.
    registerChannelTypes([{ id: 9101, label: { zh: '计划中', en: 'Planned Cloud' }, defaultBaseUrl: '', defaultModels: [], keyFormat: 'line', fields: [], relay: 'planned' }]);
    expect(refusal(9101)).toMatchObject({ status: 501, code: 'unsupported_channel_type', params: { type: 9101, name: 'Planned Cloud' } });
    expect(() => adaptorFor(999)).toThrow(RelayRequestError);
  });

  it('names a missing capability', () => {
    expect(unsupportedEndpoint(1, 'rerank')).toMatchObject({ status: 400, code: 'unsupported_endpoint', params: { type: 1, endpoint: 'rerank' } });
  });
});
