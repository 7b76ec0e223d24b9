import request from 'supertest';
import type { ChannelView } from '../../server/src/channels/channels.mapper';
import { DATABASES } from '../support/env';
import { apiSuite, expectRefused as refused } from './support/api-suite';

type Case = [what: string, body: unknown, code: string, field: string];

type Doc = {
  paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
};

/**
 * Issue 24, the channel routes: each malformed body or query is refused by name with its code,
 * in the caller's language, and nothing is written; the document lists every channel route.
 */
describe.each(DATABASES.slice(0, 1))('channel routes as a contract (%s)', (kind) => {
  const s = apiSuite(kind);
  const valid = { name: 'contract', key: 'sk-contract-0123456789', models: 'gpt-4o-mini', group: 'default' };

  const channels = async () => (await s.root.get('/api/channel/?p=0&page_size=100').expect(200)).body.data as ChannelView[];
  const make = async (over: Record<string, unknown> = {}) => ((await s.root.post('/api/channel/', { ...valid, ...over }).expect(200)).body.data as ChannelView[])[0] as ChannelView;

  it.each<Case>([
    ['a missing name', { key: 'k', models: 'm' }, 'channel.name_key_required', 'name'],
    ['a name of the wrong type', { ...valid, name: 42 }, 'channel.name_key_required', 'name'],
    ['an over-long name', { ...valid, name: 'n'.repeat(129) }, 'channel.name_too_long', 'name'],
    ['a blank key', { ...valid, key: '  ' }, 'channel.name_key_required', 'key'],
    ['no model', { ...valid, models: ' , ' }, 'channel.models_required', 'models'],
    ['an over-long model name', { ...valid, models: ['ok', 'm'.repeat(256)] }, 'channel.field_too_long', 'models'],
    ['an unknown type', { ...valid, type: 99 }, 'channel.invalid_type', 'type'],
    ['a type that is not a number', { ...valid, type: 'openai' }, 'channel.invalid_type', 'type'],
    ['a priority out of range', { ...valid, priority: -1000 }, 'channel.priority_min', 'priority'],
    ['a fractional weight', { ...valid, weight: 1.5 }, 'channel.invalid_weight', 'weight'],
    ['an unknown status', { ...valid, status: 9 }, 'channel.invalid_status', 'status'],
    ['a base URL that is not http(s)', { ...valid, base_url: 'ftp://x' }, 'channel.invalid_base_url', 'base_url'],
    ['a model mapping that is not a JSON object', { ...valid, model_mapping: '["a"]' }, 'channel.model_mapping_invalid', 'model_mapping'],
    ['a status code mapping of words', { ...valid, status_code_mapping: '{"abc":"500"}' }, 'channel.status_code_mapping_invalid', 'status_code_mapping'],
    ['an over-long tag', { ...valid, tag: 't'.repeat(65) }, 'channel.field_too_long', 'tag'],
    ['an object where text goes', { ...valid, other: { region: 'x' } }, 'common.field_type', 'other'],
    ['max input tokens out of range', { ...valid, ma_input_tokens: -1 }, 'channel.ma_input_tokens_invalid', 'ma_input_tokens'],
    ['an auto-ban value outside 0/1', { ...valid, auto_ban: 'sometimes' }, 'channel.auto_ban_invalid', 'auto_ban'],
    ['a two-line key outside batch mode', { ...valid, key: 'sk-a\nsk-b' }, 'channel.key_multiline', 'key'],
    ['a key in the wrong format for its type', { ...valid, type: 15, key: 'only-an-api-key' }, 'channel.key_format', 'key'],
    ['a wrapped batch key line in the wrong format', { mode: 'batch', channel: { ...valid, type: 16, key: 'id.secret\nno-dot' } }, 'channel.key_format', 'key'],
    ['too many batch key lines', { mode: 'batch', channel: { ...valid, key: Array.from({ length: 501 }, (_, i) => `sk-${i}`).join('\n') } }, 'channel.too_many_keys', 'key'],
  ])('POST /api/channel refuses %s and writes nothing', async (_what, body, code, field) => {
    const before = (await channels()).length;
    refused(await s.root.post('/api/channel/', body as object), code, field);
    expect(await channels()).toHaveLength(before);
  });

  it('POST /api/channel answers in the caller\'s language, with the catalogue\'s format', async () => {
    const en = await s.root.post('/api/channel/', { ...valid, type: 15, key: 'only-an-api-key' }).set('Accept-Language', 'en');
    refused(en, 'channel.key_format', 'key');
    expect(en.body.message).toBe('The key of a Baidu Wenxin Qianfan channel must be in the format APIKey|SecretKey');
    const zh = await s.root.post('/api/channel/', { ...valid, ma_input_tokens: 'lots' });
    refused(zh, 'channel.ma_input_tokens_invalid', 'ma_input_tokens');
    expect(zh.body.message).toBe('最大输入 Token 数必须是 0 到 2000000000 之间的整数');
  });

  it('ignores fields the system owns, as new-api clients send whole rows back', async () => {
    const c = await make({ used_quota: 999, balance: 50, other_info: '{"status_reason":"forged"}', response_time: 7, whatever: { a: 1 } });
    expect(c).toMatchObject({ name: 'contract', used_quota: 0, balance: 0, other_info: '{}', response_time: 0 });
  });

  it('PUT /api/channel refuses a malformed edit or quick action by name and changes nothing', async () => {
    const c = await make({ name: 'keep', priority: 3 });
    refused(await s.root.put('/api/channel/', { id: 'x', name: 'changed' }), 'common.invalid_id', 'id');
    refused(await s.root.put('/api/channel/', { id: c.id, name: 'changed', models: '' }), 'channel.models_required', 'models');
    refused(await s.root.put('/api/channel/', { id: c.id, name: 'changed', key: 42 }), 'common.field_type', 'key');
    refused(await s.root.put('/api/channel/', { id: c.id, name: 'changed', type: 16, key: 'no-dot' }), 'channel.key_format', 'key');
    // Without a type in the body the stored type decides the key's format (type 1: any one line).
    refused(await s.root.put('/api/channel/', { id: c.id, name: 'changed', key: 'a\nb' }), 'channel.key_multiline', 'key');
    refused(await s.root.put('/api/channel/', { id: c.id, status: 3 }), 'channel.invalid_status', 'status');
    refused(await s.root.put('/api/channel/', { id: c.id, priority: 'high' }), 'channel.invalid_priority', 'priority');
    expect((await s.root.get(`/api/channel/${c.id}`).expect(200)).body.data).toMatchObject({ name: 'keep', priority: 3, status: 1 });
  });

  it('POST /api/channel/batch refuses a bad selection by name and deletes nothing', async () => {
    const c = await make({ name: 'batch-keep' });
    const before = (await channels()).length;
    refused(await s.root.post('/api/channel/batch', { ids: [] }), 'channel.batch_ids_required', 'ids');
    refused(await s.root.post('/api/channel/batch', { ids: 'all' }), 'channel.batch_ids_required', 'ids');
    refused(await s.root.post('/api/channel/batch', { ids: [c.id, 'x'] }), 'common.invalid_id', 'ids[1]');
    refused(await s.root.post('/api/channel/batch', { ids: Array.from({ length: 1001 }, (_, i) => i + 1) }), 'channel.too_many_ids', 'ids');
    expect(await channels()).toHaveLength(before);
  });

  it('POST /api/channel/fetch_models refuses a missing key or a bad type by name', async () => {
    refused(await s.root.post('/api/channel/fetch_models', { type: 1, key: ' ' }), 'channel.fetch_models_key_required', 'key');
    refused(await s.root.post('/api/channel/fetch_models', { type: 'openai', key: 'sk-x' }), 'channel.invalid_type', 'type');
    refused(await s.root.post('/api/channel/fetch_models', { type: 1, key: 'sk-x', base_url: 'gopher://x' }), 'channel.invalid_base_url', 'base_url');
  });

  it('refuses malformed queries by name: flags, an over-long search text, a copy suffix, a test model', async () => {
    const c = await make({ name: 'query' });
    refused(await s.root.get('/api/channel/?include_key=maybe'), 'common.field_value', 'include_key');
    refused(await s.root.get('/api/channel/search?id_sort=sideways'), 'common.field_value', 'id_sort');
    refused(await s.root.get(`/api/channel/search?group=${'g'.repeat(65)}`), 'channel.field_too_long', 'group');
    refused(await s.root.get(`/api/channel/${c.id}?include_key=please`), 'common.field_value', 'include_key');
    const before = (await channels()).length;
    refused(await s.root.post(`/api/channel/copy/${c.id}?suffix=${'s'.repeat(33)}`), 'channel.field_too_long', 'suffix');
    refused(await s.root.post(`/api/channel/copy/${c.id}?reset_balance=perhaps`), 'common.field_value', 'reset_balance');
    expect(await channels()).toHaveLength(before);
    const test = await s.root.get(`/api/channel/test/${c.id}?model=${'m'.repeat(256)}`).expect(400);
    refused(test, 'channel.test_model_invalid', 'model');
    expect((await s.root.get(`/api/channel/${c.id}`).expect(200)).body.data.test_time).toBe(0);
  });

  it('keeps list queries lenient where they always were: a bad page number is the first page', async () => {
    const res = await s.root.get('/api/channel/?p=abc&page_size=x').expect(200);
    expect(Array.isArray(res.body.data)).toBe(true);
  });

  it('GET /api/openapi.json lists every channel route with its body and query parameters', async () => {
    const doc = (await request(s.t.url).get('/api/openapi.json').expect(200)).body as Doc;
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/channel',
        'GET /api/channel/search',
        'GET /api/channel/models',
        'GET /api/channel/types',
        'GET /api/channel/fetch_models/{id}',
        'POST /api/channel/fetch_models',
        'GET /api/channel/{id}',
        'POST /api/channel',
        'POST /api/channel/copy/{id}',
        'PUT /api/channel',
        'DELETE /api/channel/disabled',
        'DELETE /api/channel/{id}',
        'POST /api/channel/batch',
        'POST /api/channel/fix',
        'GET /api/models',
        'GET /api/channel/test',
        'GET /api/channel/test/status',
        'GET /api/channel/test/{id}',
        'GET /api/channel/update_balance',
        'GET /api/channel/update_balance/status',
        'GET /api/channel/update_balance/{id}',
      ]),
    );
    const params = (path: string, method: string) => (doc.paths[path]?.[method]?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(params('/api/channel', 'get')).toEqual(expect.arrayContaining(['p', 'page_size', 'id_sort', 'include_key']));
    expect(params('/api/channel/search', 'get')).toEqual(expect.arrayContaining(['keyword', 'group', 'model', 'p', 'page_size', 'id_sort', 'include_key']));
    expect(params('/api/channel/{id}', 'get')).toEqual(['include_key']);
    expect(params('/api/channel/copy/{id}', 'post')).toEqual(expect.arrayContaining(['suffix', 'reset_balance']));
    expect(params('/api/channel/test/{id}', 'get')).toEqual(['model']);
    for (const [path, method] of [
      ['/api/channel', 'post'],
      ['/api/channel', 'put'],
      ['/api/channel/batch', 'post'],
      ['/api/channel/fetch_models', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.requestBody).toBeDefined();
    }
    expect(Object.keys(doc.components.schemas.ChannelCreate?.properties ?? {})).toEqual(expect.arrayContaining(['name', 'key', 'models', 'type', 'priority', 'weight', 'mode']));
    expect(Object.keys(doc.components.schemas.ChannelUpdate?.properties ?? {})).toEqual(expect.arrayContaining(['id', 'name', 'key', 'base_url']));
    expect(Object.keys(doc.components.schemas.Channel?.properties ?? {})).toEqual(expect.arrayContaining(['id', 'name', 'status', 'priority', 'weight', 'key']));
  });
});
