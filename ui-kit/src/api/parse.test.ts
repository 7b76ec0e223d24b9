import { ApiShapeError, parseGroups, parseModelInfo, parseModelNames, parsePricingResponse, parseStatus, parseToken, parseTokenPage } from './parse';
import type { ApiData, ApiSchema } from './schema';

describe('parsePricingResponse', () => {
  it('keeps the fields the table needs and tolerates both tag forms', () => {
    const r = parsePricingResponse({
      success: true,
      data: [
        { model_name: 'a', quota_type: 1, model_ratio: 0, completion_ratio: 1, model_price: 0.04, enable_groups: ['default'], tags: '画图, 高清' },
        { model_name: 'b', quota_type: 0, model_ratio: '2', enable_groups: ['vip', 3], tags: ['对话'] },
      ],
      group_ratio: { default: 1, vip: '2', svip: 0.8 },
      usable_group: { default: '默认' },
    });
    expect(r.items[0]).toMatchObject({ quota_type: 1, model_price: 0.04, tags: ['画图', '高清'] });
    expect(r.items[1]).toMatchObject({ quota_type: 0, model_ratio: 2, completion_ratio: 1, enable_groups: ['vip'], tags: ['对话'] });
    // A ratio that is not a number is dropped rather than guessed.
    expect(r.groupRatio).toEqual({ default: 1, svip: 0.8 });
    expect(r.usableGroup).toEqual({ default: '默认' });
  });

  it('rejects a body without data', () => {
    expect(() => parsePricingResponse({ success: true })).toThrow(ApiShapeError);
  });
});

describe('parseModelInfo', () => {
  it('parses the JSON-string vendor list', () => {
    const vendors = parseModelInfo(
      JSON.stringify([
        { Manufacturer: 'OpenAI', description: '**GPT**', models: [{ model_name: 'gpt-4o', type: ['对话'], illustrate: '<b>x</b>' }] },
        { description: 'nameless' },
      ]),
    );
    expect(vendors).toEqual([
      { manufacturer: 'OpenAI', description: '**GPT**', models: [{ model_name: 'gpt-4o', tags: ['对话'], illustrate: '<b>x</b>' }] },
    ]);
  });

  it('treats an empty string as no vendors and broken JSON as an error', () => {
    expect(parseModelInfo('')).toEqual([]);
    expect(() => parseModelInfo('[{')).toThrow(ApiShapeError);
  });
});

describe('parseGroups', () => {
  it('reads both group shapes and hides yen-sign groups', () => {
    expect(parseGroups({ default: { ratio: 1, desc: '默认' }, 'x¥': { ratio: 2, desc: 'y' } })).toEqual([
      { value: 'default', label: '默认', ratio: 1 },
    ]);
    expect(parseGroups({ vip: 'VIP 分组', plain: '' })).toEqual([
      { value: 'vip', label: 'VIP 分组' },
      { value: 'plain', label: 'plain' },
    ]);
  });
});

describe('other parsers', () => {
  it('reads model names from both list shapes', () => {
    expect(parseModelNames(['a', 'b'])).toEqual(['a', 'b']);
    expect(parseModelNames({ object: 'list', data: [{ id: 'c' }, { x: 1 }] })).toEqual(['c']);
  });

  it('reads token pages as bare arrays or item pages, mapping allow_ips', () => {
    expect(parseTokenPage([{ id: 1, name: 'n', allow_ips: '1.1.1.1', unlimited_quota: true }]).items[0]).toMatchObject({
      id: 1,
      ip_limits: '1.1.1.1',
      unlimited_quota: true,
      expired_time: -1,
      status: 1,
    });
    expect(parseTokenPage({ items: [], total: 12 })).toEqual({ items: [], total: 12 });
    expect(() => parseTokenPage({ nope: true })).toThrow(ApiShapeError);
  });

  it('reads status numbers given as strings', () => {
    expect(parseStatus({ price: '7.2', server_address: 'https://a.example', chat_link: '' })).toEqual({
      price: 7.2,
      server_address: 'https://a.example',
    });
  });
});

describe('parseToken against the documented Token schema', () => {
  // Typed by the generated document: a field the server renames or retypes fails to compile here.
  const served: ApiSchema<'Token'> = {
    id: 7,
    user_id: 3,
    name: 'ci',
    key: 'abcd1234',
    status: 2,
    remain_quota: 1000,
    used_quota: 5,
    unlimited_quota: false,
    expired_time: 1893456000,
    created_time: 1700000000,
    accessed_time: 1700000100,
    model_limits_enabled: true,
    model_limits: 'gpt-4o,claude',
    ip_limits: '10.0.0.0/8',
    rate_limit_enabled: true,
    rate_limit_interval: 2,
    rate_limit_count: 9,
    rpm_limit: 60,
    tpm_limit: 1000,
    concurrency_limit: 3,
    group: 'vip',
  };

  it('keeps every field the widgets read, value for value, and drops the rest', () => {
    const { user_id: _user, accessed_time: _accessed, ...read } = served;
    expect(parseToken(served)).toEqual(read);
  });

  it('reads GET /api/token data (a list of documented tokens)', () => {
    const data: ApiData<'/api/token', 'get'> = [served, { ...served, id: 8, status: 1 }];
    expect(parseTokenPage(data).items.map((t) => [t.id, t.status])).toEqual([
      [7, 2],
      [8, 1],
    ]);
  });
});
