import type { MessageKey } from '../common/messages';
import {
  assertKeyShape,
  assertSingleLineKey,
  keyDestinationChanges,
  normalizeBaseUrl,
  parseChannelFields,
  parseStatusCodeMapping,
  parseWeight,
  splitKeyLines,
  splitList,
} from './channel-input';
import { ChannelsError } from './channels-error';

function keyOf(fn: () => unknown): MessageKey | null {
  try {
    fn();
    return null;
  } catch (err) {
    if (err instanceof ChannelsError) return err.messageKey;
    throw err;
  }
}

const valid = { name: 'a', key: 'sk-1', models: 'gpt-4o' };

describe('parseChannelFields', () => {
  it('requires name, key and a model on create, with the spec messages', () => {
    expect(keyOf(() => parseChannelFields({ ...valid, name: ' ' }, 'create'))).toBe('channel.name_key_required');
    expect(keyOf(() => parseChannelFields({ ...valid, key: '' }, 'create'))).toBe('channel.name_key_required');
    expect(keyOf(() => parseChannelFields({ ...valid, models: ' , ' }, 'create'))).toBe('channel.models_required');
    expect(keyOf(() => parseChannelFields({ ...valid, model_mapping: '[1]' }, 'create'))).toBe('channel.model_mapping_invalid');
    expect(keyOf(() => parseChannelFields({ ...valid, model_mapping: '{bad' }, 'create'))).toBe('channel.model_mapping_invalid');
    expect(keyOf(() => parseChannelFields({ ...valid, status_code_mapping: '"x"' }, 'create'))).toBe('channel.status_code_mapping_invalid');
    expect(keyOf(() => parseChannelFields({ ...valid, priority: -1000 }, 'create'))).toBe('channel.priority_min');
    expect(keyOf(() => parseChannelFields({ ...valid, type: 6 }, 'create'))).toBe('channel.invalid_type');
  });

  it('fills defaults and normalizes lists on create', () => {
    const f = parseChannelFields({ ...valid, models: ' gpt-4o , gpt-4o,o1 ', group: '', base_url: 'https://x.example/v1//' }, 'create');
    expect(f).toMatchObject({ type: 1, name: 'a', key: 'sk-1', models: 'gpt-4o,o1', group: 'default', baseUrl: 'https://x.example/v1' });
    expect(f.priority).toBeUndefined();
  });

  it('on update keeps absent fields and a blank key out of the patch', () => {
    expect(parseChannelFields({ id: 3, key: '   ', weight: -5, priority: '' }, 'update')).toEqual({ weight: 0 });
    expect(keyOf(() => parseChannelFields({ name: '' }, 'update'))).toBe('channel.name_key_required');
    expect(keyOf(() => parseChannelFields({ models: '' }, 'update'))).toBe('channel.models_required');
  });

  it('accepts -999 as the lowest priority and arrays for list fields', () => {
    expect(parseChannelFields({ ...valid, priority: -999, models: ['a', 'b', 'a'], group: ['vip', 'default'] }, 'create')).toMatchObject({
      priority: -999,
      models: 'a,b',
      group: 'vip,default',
    });
  });
});

describe('helpers', () => {
  it('splits lists and key lines', () => {
    expect(splitList('a, b,,a ,c')).toEqual(['a', 'b', 'c']);
    expect(splitKeyLines(' k1 \r\n\n k2\n')).toEqual(['k1', 'k2']);
    expect(splitKeyLines('k1\rk2')).toEqual(['k1', 'k2']);
  });

  it('refuses a key with CR or LF unless the type takes a JSON key and it is a JSON object', () => {
    expect(keyOf(() => assertSingleLineKey('sk-1', 1))).toBeNull();
    expect(keyOf(() => assertSingleLineKey(undefined, 1))).toBeNull();
    for (const k of ['a\nb', 'a\r\nb', 'a\rb']) expect(keyOf(() => assertSingleLineKey(k, 1))).toBe('channel.key_multiline');
    expect(keyOf(() => assertSingleLineKey('{\n "type": "service_account"\n}', 41))).toBeNull();
    expect(keyOf(() => assertSingleLineKey('{\n "type": "service_account"\n}', 1))).toBe('channel.key_multiline');
    expect(keyOf(() => assertSingleLineKey('k1\nk2', 41))).toBe('channel.key_multiline');
  });

  it('refuses a composite key of the wrong shape for its type, naming the format', () => {
    expect(keyOf(() => assertKeyShape('only-the-api-key', 15))).toBe('channel.key_format');
    expect(keyOf(() => assertKeyShape('ak|sk', 15))).toBeNull();
    expect(keyOf(() => assertKeyShape('no-dot-here', 16))).toBe('channel.key_format');
    expect(keyOf(() => assertKeyShape('id.secret', 16))).toBeNull();
    expect(keyOf(() => assertKeyShape('appid|secret', 18))).toBe('channel.key_format');
    expect(keyOf(() => assertKeyShape('a|b|c', 23))).toBeNull();
    expect(keyOf(() => assertKeyShape('AKIA|secret', 33))).toBeNull();
    expect(keyOf(() => assertKeyShape('AKIA|secret|us-east-1|token', 33))).toBeNull();
    expect(keyOf(() => assertKeyShape('AKIA', 33))).toBe('channel.key_format');
    // Types without a shape take any one-line key; an update without a key checks nothing.
    expect(keyOf(() => assertKeyShape('anything', 26))).toBeNull();
    expect(keyOf(() => assertKeyShape(undefined, 15))).toBeNull();
  });

  it('names the key-destination fields an update changes', () => {
    const stored = { baseUrl: 'https://a.example', type: 1, other: '' };
    expect(keyDestinationChanges({ name: 'n', models: 'm', weight: 3, baseUrl: 'https://a.example', type: 1, other: '' }, stored)).toEqual([]);
    expect(keyDestinationChanges({ baseUrl: 'https://b.example' }, stored)).toEqual(['baseUrl']);
    expect(keyDestinationChanges({ baseUrl: '', type: 3, other: '2024-10-21' }, stored)).toEqual(['baseUrl', 'type', 'other']);
  });

  it('refuses non-http base URLs and strips trailing slashes', () => {
    expect(normalizeBaseUrl('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    expect(keyOf(() => normalizeBaseUrl('file:///etc/passwd'))).toBe('channel.invalid_base_url');
  });

  it('checks status code mappings are codes', () => {
    expect(parseStatusCodeMapping('{"400":"500"}')).toBe('{"400":"500"}');
    expect(keyOf(() => parseStatusCodeMapping('{"400":"abc"}'))).toBe('channel.status_code_mapping_invalid');
  });

  it('clamps weight at 0 and refuses non-integers', () => {
    expect(parseWeight(-3)).toBe(0);
    expect(keyOf(() => parseWeight('1.5'))).toBe('channel.invalid_weight');
  });
});
