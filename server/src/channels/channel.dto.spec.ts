import { refusal } from '../common/__fixtures__/refusal';
import { parseInput } from '../common/validation';
import { assertKeyFits, keyDestinationChanges, keyProblem, splitKeyLines } from './channel-key';
import { splitList } from './channel-values';
import {
  channelBatchSchema,
  channelCopyQuerySchema,
  channelCreateSchema,
  channelListQuerySchema,
  channelQuickSchema,
  channelSearchQuerySchema,
  channelTestQuerySchema,
  channelUpdateSchema,
  fetchModelsSchema,
  isQuickUpdate,
} from './dto/channel.dto';


const create = (body: unknown) => parseInput(channelCreateSchema, body);
const update = (body: unknown) => parseInput(channelUpdateSchema, body);
const valid = { name: 'a', key: 'sk-1', models: 'gpt-4o' };

describe('channelCreateSchema', () => {
  it('requires name, key and a model, with the spec codes and the field named', () => {
    expect(refusal(() => create({ ...valid, name: ' ' }))).toEqual(['channel.name_key_required', 'name']);
    expect(refusal(() => create({ ...valid, name: 5 }))).toEqual(['channel.name_key_required', 'name']);
    expect(refusal(() => create({ ...valid, key: '' }))).toEqual(['channel.name_key_required', 'key']);
    expect(refusal(() => create({ name: 'a', models: 'm' }))).toEqual(['channel.name_key_required', 'key']);
    expect(refusal(() => create({ ...valid, models: ' , ' }))).toEqual(['channel.models_required', 'models']);
    expect(refusal(() => create({ ...valid, models: 7 }))).toEqual(['channel.models_required', 'models']);
    expect(refusal(() => create({ ...valid, model_mapping: '[1]' }))).toEqual(['channel.model_mapping_invalid', 'model_mapping']);
    expect(refusal(() => create({ ...valid, model_mapping: '{bad' }))).toEqual(['channel.model_mapping_invalid', 'model_mapping']);
    expect(refusal(() => create({ ...valid, model_mapping: { a: 1 } }))).toEqual(['channel.model_mapping_invalid', 'model_mapping']);
    expect(refusal(() => create({ ...valid, status_code_mapping: '"x"' }))).toEqual(['channel.status_code_mapping_invalid', 'status_code_mapping']);
    expect(refusal(() => create({ ...valid, status_code_mapping: '{"400":"abc"}' }))).toEqual(['channel.status_code_mapping_invalid', 'status_code_mapping']);
    expect(refusal(() => create({ ...valid, priority: -1000 }))).toEqual(['channel.priority_min', 'priority']);
    expect(refusal(() => create({ ...valid, priority: 'high' }))).toEqual(['channel.invalid_priority', 'priority']);
    expect(refusal(() => create({ ...valid, weight: '1.5' }))).toEqual(['channel.invalid_weight', 'weight']);
    expect(refusal(() => create({ ...valid, type: 6 }))).toEqual(['channel.invalid_type', 'type']);
    expect(refusal(() => create({ ...valid, status: 9 }))).toEqual(['channel.invalid_status', 'status']);
    expect(refusal(() => create({ ...valid, base_url: 'file:///etc/passwd' }))).toEqual(['channel.invalid_base_url', 'base_url']);
    expect(refusal(() => create({ ...valid, name: 'n'.repeat(129) }))).toEqual(['channel.name_too_long', 'name']);
    expect(refusal(() => create({ ...valid, models: ['ok', 'm'.repeat(256)] }))).toEqual(['channel.field_too_long', 'models']);
    expect(refusal(() => create({ ...valid, tag: 't'.repeat(65) }))).toEqual(['channel.field_too_long', 'tag']);
    expect(refusal(() => create({ ...valid, other: { a: 1 } }))).toEqual(['common.field_type', 'other']);
    expect(refusal(() => create({ ...valid, ma_input_tokens: -1 }))).toEqual(['channel.ma_input_tokens_invalid', 'ma_input_tokens']);
    expect(refusal(() => create({ ...valid, auto_ban: 'yes' }))).toEqual(['channel.auto_ban_invalid', 'auto_ban']);
  });

  it('fills defaults, normalizes lists and base URLs, and drops fields the system owns', () => {
    const { batch, fields } = create({ ...valid, models: ' gpt-4o , gpt-4o,o1 ', group: '', base_url: 'https://x.example/v1//', used_quota: 5, balance: 9, other_info: '{}' });
    expect(batch).toBe(false);
    expect(fields).toEqual({ type: 1, name: 'a', key: 'sk-1', models: 'gpt-4o,o1', group: 'default', baseUrl: 'https://x.example/v1' });
  });

  it('accepts -999 as the lowest priority, clamps weight, takes arrays, objects and digit strings', () => {
    const { fields } = create({
      ...valid,
      type: '3',
      priority: -999,
      weight: -4,
      models: ['a', 'b', 'a'],
      group: ['vip', 'default'],
      model_mapping: { 'gpt-4o': 'gpt-4o-2024-08-06' },
      auto_ban: false,
      ma_input_tokens: '100',
      test_models: ['x', 'y'],
    });
    expect(fields).toMatchObject({ type: 3, priority: -999, weight: 0, models: 'a,b', group: 'vip,default', modelMapping: '{"gpt-4o":"gpt-4o-2024-08-06"}', autoBan: 0, maInputTokens: 100, testModels: 'x,y' });
  });

  it('takes the wrapped form {mode, channel} and checks each batch key line', () => {
    const out = create({ mode: 'batch', channel: { ...valid, key: 'k1\nk2' } });
    expect(out).toEqual({ batch: true, fields: expect.objectContaining({ key: 'k1\nk2' }) });
    expect(refusal(() => create({ mode: 'single', channel: { ...valid, key: 'k1\nk2' } }))).toEqual(['channel.key_multiline', 'key']);
    expect(refusal(() => create({ ...valid, key: 'k1\nk2' }))).toEqual(['channel.key_multiline', 'key']);
    const lines = Array.from({ length: 501 }, (_, i) => `k${i}`).join('\n');
    expect(refusal(() => create({ mode: 'batch', channel: { ...valid, key: lines } }))).toEqual(['channel.too_many_keys', 'key']);
    expect(refusal(() => create({ mode: 'batch', channel: { ...valid, type: 15, key: 'ak|sk\nonly-ak' } }))).toEqual(['channel.key_format', 'key']);
  });
});

describe('channelUpdateSchema and the quick action', () => {
  it('keeps absent fields, null and a blank key out of the patch', () => {
    expect(update({ id: 3, key: '   ', weight: -5, priority: '', name: null })).toEqual({ id: 3, fields: { weight: 0 } });
    expect(refusal(() => update({ id: 3, name: '' }))).toEqual(['channel.name_key_required', 'name']);
    expect(refusal(() => update({ id: 3, models: '' }))).toEqual(['channel.models_required', 'models']);
    expect(refusal(() => update({ id: 'x', name: 'n' }))).toEqual(['common.invalid_id', 'id']);
    expect(refusal(() => update({ name: 'n' }))).toEqual(['common.invalid_id', 'id']);
    expect(refusal(() => update({ id: 3, key: 42 }))).toEqual(['common.field_type', 'key']);
  });

  it('checks a new key against the type when the body names one', () => {
    expect(refusal(() => update({ id: 3, type: 16, key: 'no-dot' }))).toEqual(['channel.key_format', 'key']);
    expect(update({ id: 3, type: 16, key: 'id.secret' }).fields).toEqual({ type: 16, key: 'id.secret' });
    // Without a type the stored type decides: the service asks assertKeyFits.
    expect(update({ id: 3, key: 'no-dot' }).fields).toEqual({ key: 'no-dot' });
  });

  it('is a quick action when only id, status, priority and weight are sent; status 3 is the system\'s', () => {
    expect(isQuickUpdate({ id: 1, status: 2 })).toBe(true);
    expect(isQuickUpdate({ id: 1, status: 2, name: 'x' })).toBe(false);
    expect(isQuickUpdate([1])).toBe(false);
    expect(parseInput(channelQuickSchema, { id: '4', status: '2', priority: 7 })).toEqual({ id: 4, fields: { status: 2, priority: 7 } });
    expect(refusal(() => parseInput(channelQuickSchema, { id: 4, status: 3 }))).toEqual(['channel.invalid_status', 'status']);
  });
});

describe('the other bodies and queries', () => {
  it('batch delete: a selection of valid ids, deduplicated, at most 1000', () => {
    expect(parseInput(channelBatchSchema, { ids: [3, '3', 4] })).toEqual({ ids: [3, 4] });
    expect(refusal(() => parseInput(channelBatchSchema, { ids: [] }))).toEqual(['channel.batch_ids_required', 'ids']);
    expect(refusal(() => parseInput(channelBatchSchema, {}))).toEqual(['channel.batch_ids_required', 'ids']);
    expect(refusal(() => parseInput(channelBatchSchema, { ids: [1, 'x'] }))).toEqual(['common.invalid_id', 'ids[1]']);
    const many = Array.from({ length: 1001 }, (_, i) => i + 1);
    expect(refusal(() => parseInput(channelBatchSchema, { ids: many }))).toEqual(['channel.too_many_ids', 'ids']);
  });

  it('fetch_models: a key, a type (default 1) and a base URL', () => {
    expect(parseInput(fetchModelsSchema, { key: ' k ', type: '', base_url: 'http://h.example/' })).toEqual({ key: 'k', type: 1, base_url: 'http://h.example' });
    expect(refusal(() => parseInput(fetchModelsSchema, { key: ' ' }))).toEqual(['channel.fetch_models_key_required', 'key']);
    expect(refusal(() => parseInput(fetchModelsSchema, { key: 'k', type: 'openai' }))).toEqual(['channel.invalid_type', 'type']);
  });

  it('queries: flags are true/false/1/0, texts bounded, page numbers lenient', () => {
    expect(parseInput(channelListQuerySchema, { p: 'x', id_sort: 'true', include_key: '0' })).toMatchObject({ id_sort: true, include_key: false });
    expect(refusal(() => parseInput(channelListQuerySchema, { include_key: 'maybe' }))).toEqual(['common.field_value', 'include_key']);
    expect(parseInput(channelSearchQuerySchema, { keyword: ' k ', group: ['a', 'b'] })).toMatchObject({ keyword: 'k', group: '', model: '' });
    expect(refusal(() => parseInput(channelSearchQuerySchema, { group: 'g'.repeat(65) }))).toEqual(['channel.field_too_long', 'group']);
    expect(parseInput(channelCopyQuerySchema, {})).toEqual({});
    expect(refusal(() => parseInput(channelCopyQuerySchema, { suffix: 's'.repeat(33) }))).toEqual(['channel.field_too_long', 'suffix']);
    expect(parseInput(channelCopyQuerySchema, { reset_balance: 'false' })).toEqual({ reset_balance: false });
    expect(refusal(() => parseInput(channelTestQuerySchema, { model: 'm'.repeat(256) }))).toEqual(['channel.test_model_invalid', 'model']);
  });
});

describe('key and list helpers', () => {
  it('splits lists and key lines', () => {
    expect(splitList('a, b,,a ,c')).toEqual(['a', 'b', 'c']);
    expect(splitKeyLines(' k1 \r\n\n k2\n')).toEqual(['k1', 'k2']);
    expect(splitKeyLines('k1\rk2')).toEqual(['k1', 'k2']);
  });

  it('refuses a key with CR or LF unless the type takes a JSON key and it is a JSON object', () => {
    expect(keyProblem('sk-1', 1)).toBeNull();
    for (const k of ['a\nb', 'a\r\nb', 'a\rb']) expect(keyProblem(k, 1)?.[0]).toBe('channel.key_multiline');
    expect(keyProblem('{\n "type": "service_account"\n}', 41)).toBeNull();
    expect(keyProblem('{\n "type": "service_account"\n}', 1)?.[0]).toBe('channel.key_multiline');
    expect(keyProblem('k1\nk2', 41)?.[0]).toBe('channel.key_multiline');
  });

  it('refuses a composite key of the wrong shape for its type, naming the format', () => {
    expect(keyProblem('only-the-api-key', 15)).toEqual(['channel.key_format', { type: 'Baidu Wenxin Qianfan', format: 'APIKey|SecretKey' }]);
    expect(keyProblem('ak|sk', 15)).toBeNull();
    expect(keyProblem('no-dot-here', 16)?.[0]).toBe('channel.key_format');
    expect(keyProblem('id.secret', 16)).toBeNull();
    expect(keyProblem('appid|secret', 18)?.[0]).toBe('channel.key_format');
    expect(keyProblem('a|b|c', 23)).toBeNull();
    expect(keyProblem('AKIA|secret', 33)).toBeNull();
    expect(keyProblem('AKIA|secret|us-east-1|token', 33)).toBeNull();
    expect(keyProblem('AKIA', 33)?.[0]).toBe('channel.key_format');
    // Types without a shape take any one-line key; an update without a key checks nothing.
    expect(keyProblem('anything', 26)).toBeNull();
    expect(refusal(() => assertKeyFits(undefined, 15))).toBeNull();
    expect(refusal(() => assertKeyFits('only-ak', 15))).toEqual(['channel.key_format', 'key']);
  });

  it('names the key-destination fields an update changes', () => {
    const stored = { baseUrl: 'https://a.example', type: 1, other: '' };
    expect(keyDestinationChanges({ name: 'n', models: 'm', weight: 3, baseUrl: 'https://a.example', type: 1, other: '' }, stored)).toEqual([]);
    expect(keyDestinationChanges({ baseUrl: 'https://b.example' }, stored)).toEqual(['baseUrl']);
    expect(keyDestinationChanges({ baseUrl: '', type: 3, other: '2024-10-21' }, stored)).toEqual(['baseUrl', 'type', 'other']);
  });
});
