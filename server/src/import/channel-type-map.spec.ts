import { mapChannelType } from './channel-type-map';
import { detectKind } from './importer';
import { bool, seconds, sealable } from './convert';

describe('mapChannelType', () => {
  it('keeps new-api numbers Sluice has an adaptor for', () => {
    for (const t of [1, 3, 14, 20, 24, 27, 33, 34, 35, 36, 39, 40, 41, 42, 43, 45, 46, 47, 48]) expect(mapChannelType('new-api', t)).toEqual({ type: t });
  });

  it("maps one-api's numbers after 25 to new-api's", () => {
    expect(mapChannelType('one-api', 27)?.type).toBe(35); // MiniMax
    expect(mapChannelType('one-api', 30)?.type).toBe(4); // Ollama
    expect(mapChannelType('one-api', 33)?.type).toBe(33); // AWS Claude
    expect(mapChannelType('one-api', 35)?.type).toBe(34); // Cohere
    expect(mapChannelType('one-api', 37)?.type).toBe(39); // Cloudflare
    expect(mapChannelType('one-api', 42)?.type).toBe(41); // Vertex AI
    expect(mapChannelType('one-api', 44)?.type).toBe(40); // SiliconFlow
    expect(mapChannelType('one-api', 28)?.type).toBe(42); // Mistral
    expect(mapChannelType('one-api', 36)?.type).toBe(43); // DeepSeek
    expect(mapChannelType('one-api', 45)?.type).toBe(48); // xAI
    expect(mapChannelType('one-api', 20)).toEqual({ type: 20 }); // OpenRouter
    // Below 26 the numbering is shared.
    expect(mapChannelType('one-api', 24)).toEqual({ type: 24 });
  });

  it('serves OpenAI-compatible upstreams with the OpenAI type and their base URL', () => {
    expect(mapChannelType('one-api', 39)).toMatchObject({ type: 1, defaultBaseUrl: 'https://api.together.xyz' });
    expect(mapChannelType('new-api', 7)).toMatchObject({ type: 1, defaultBaseUrl: 'https://api.ohmygpt.com' });
  });

  it('has no answer for a type Sluice cannot serve', () => {
    expect(mapChannelType('new-api', 50)).toBeNull(); // Kling
    expect(mapChannelType('one-api', 34)).toBeNull(); // Coze
    expect(mapChannelType('one-api', 38)).toBeNull(); // DeepL
  });
});

describe('import conversions', () => {
  it('tells the kinds apart by their columns', () => {
    expect(detectKind(['id', 'key', 'model_limits', 'allow_ips'], ['id', 'setting'])).toBe('new-api');
    expect(detectKind(['id', 'key', 'models', 'subnet'], ['id', 'username'])).toBe('one-api');
  });

  it('reads booleans and datetimes as the three drivers return them', () => {
    expect([true, 1, '1', 't', 'true'].map(bool)).toEqual([true, true, true, true, true]);
    expect([false, 0, '0', 'f', null].map(bool)).toEqual([false, false, false, false, false]);
    expect(seconds('2025-01-02 03:04:05.000')).toBe(Math.floor(Date.parse('2025-01-02T03:04:05.000') / 1000));
    expect(seconds(new Date(1_700_000_000_000))).toBe(1_700_000_000);
    expect(seconds(null)).toBeNull();
  });

  it('refuses keys that cannot be sealed', () => {
    expect(() => sealable('tokens', 2, '')).toThrow('tokens id 2: the key cannot be sealed');
    expect(() => sealable('tokens', 2, null)).toThrow('tokens id 2: the key is missing');
    expect(() => sealable('channels', 1, 'a\uD800b')).toThrow('channels id 1: the key cannot be sealed');
    expect(sealable('channels', 1, '', true)).toBe('');
  });
});
