import { ChannelConfigError } from '../adaptors/errors';
import { channelContext, mapStatus, upstreamModelFor } from './channel-transforms';

describe('channel transforms', () => {
  it('maps models, following chains, and leaves unmapped names alone', () => {
    const mapping = { 'gpt-4o': 'gpt-4o-2024-11-20', a: 'b', b: 'c', same: 'same' };
    expect(upstreamModelFor(mapping, 'gpt-4o')).toEqual({ model: 'gpt-4o-2024-11-20', mapped: true });
    expect(upstreamModelFor(mapping, 'a')).toEqual({ model: 'c', mapped: true });
    expect(upstreamModelFor(mapping, 'same')).toEqual({ model: 'same', mapped: false });
    expect(upstreamModelFor(mapping, 'other')).toEqual({ model: 'other', mapped: false });
    expect(upstreamModelFor(mapping, 'toString')).toEqual({ model: 'toString', mapped: false });
  });

  it('refuses a cycle as a channel configuration error', () => {
    expect(() => upstreamModelFor({ a: 'b', b: 'a' }, 'a')).toThrow(ChannelConfigError);
  });

  it('builds the adaptor context from a channel', () => {
    const ctx = channelContext(3, { baseUrl: 'https://r.openai.azure.com', key: 'k', openaiOrganization: '', other: '2024-10-21', modelMapping: { m: 'gpt-4o' } }, 'm');
    expect(ctx).toEqual({ type: 3, baseUrl: 'https://r.openai.azure.com', key: 'k', upstreamModel: 'gpt-4o', other: '2024-10-21', organization: '' });
  });

  it('rewrites error statuses only', () => {
    const mapping = { '429': '500', '400': '503', '200': '500', '401': 'x', '404': '999' };
    expect(mapStatus(mapping, 429)).toBe(500);
    expect(mapStatus(mapping, 400)).toBe(503);
    expect(mapStatus(mapping, 200)).toBe(200);
    expect(mapStatus(mapping, 401)).toBe(401);
    expect(mapStatus(mapping, 404)).toBe(404);
    expect(mapStatus(mapping, 502)).toBe(502);
  });
});
