import { CHANNEL_TYPE_IDS } from '../../channels/channel-types';
import { RelayRequestError } from '../canonical/errors';
import { PLANNED_TYPES, RELAY_CHANNEL_TYPES } from './channel-types';
import { ADAPTORS, adaptorFor, unsupportedEndpoint } from './registry';

describe('adaptor registry', () => {
  it('has exactly one adaptor per relay type, each reporting its own type', () => {
    expect(Object.keys(ADAPTORS).map(Number).sort((a, b) => a - b)).toEqual([...RELAY_CHANNEL_TYPES]);
    for (const type of RELAY_CHANNEL_TYPES) expect(adaptorFor(type).type).toBe(type);
  });

  it('covers every catalogued channel type: served now or planned', () => {
    const covered = [...RELAY_CHANNEL_TYPES, ...Object.keys(PLANNED_TYPES).map(Number)].sort((a, b) => a - b);
    expect(covered).toEqual([...CHANNEL_TYPE_IDS].sort((a, b) => a - b));
  });

  it('keeps planned types apart from served ones', () => {
    for (const type of Object.keys(PLANNED_TYPES).map(Number)) expect((RELAY_CHANNEL_TYPES as readonly number[]).includes(type)).toBe(false);
  });

  it('answers planned and unknown types with a clear 501', () => {
    const planned = (() => {
      try {
        adaptorFor(23);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(planned).toBeInstanceOf(RelayRequestError);
    expect(planned).toMatchObject({ status: 501, code: 'unsupported_channel_type', params: { type: 23, name: 'Tencent Hunyuan' } });
    expect(() => adaptorFor(999)).toThrow(RelayRequestError);
  });

  it('names a missing capability', () => {
    expect(unsupportedEndpoint(1, 'rerank')).toMatchObject({ status: 400, code: 'unsupported_endpoint', params: { type: 1, endpoint: 'rerank' } });
  });
});
