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
      group_ratio: { default: 1, vip: '2', svip: 0.8, odd: 'x' },
      usable_group: { default: '默认', other: 3 },
    });
    expect(r.items[0]).toMatchObject({ quota_type: 1, model_price: 0.04, tags: ['画图', '高清'] });
    expect(r.items[1]).toMatchObject({ quota_type: 0, model_ratio: 2, completion_ratio: 1, enable_groups: ['vip'], tags: ['对话'] });
    // A numeric string is read as the number the document says; a ratio that is no number is left out rather than guessed.
    expect(r.groupRatio).toEqual({ default: 1, vip: 2, svip: 0.8 });
    expect(r.usableGroup).toEqual({ default: '默认' });
  });

  it('rejects a body without data', () => {
    expect(() => parsePricingResponse({ success: true })).toThrow(ApiShapeError);
  });

  it('refuses a row whose documented field does not conform, naming it', () => {
    const row = { model_name: 'a', quota_type: 0, model_ratio: 1, completion_ratio: 1, model_price: 0, enable_groups: [] };
    // quota_type is documented as 0 or 1.
    expect(() => parsePricingResponse({ data: [{ ...row, quota_type: 2 }] })).toThrow(/pricing item: \.quota_type: matches none of its 2 forms/);
    expect(() => parsePricingResponse({ data: [{ ...row, model_ratio: 'cheap' }] })).toThrow(/\.model_ratio: expected a number, got "cheap"/);
    expect(() => parsePricingResponse({ data: [{ ...row, model_name: undefined }] })).toThrow(/\.model_name: missing/);
  });

  it('reads vendors by the documented PricingVendor, leaving out one without a name', () => {
    const r = parsePricingResponse({ data: [], vendors: [{ id: 1, name: 'OpenAI', icon: '' }, { id: '2', name: 'Anthropic', description: 'x' }, { id: 3 }] });
    expect(r.vendors).toEqual([
      { id: 1, name: 'OpenAI' },
      { id: 2, name: 'Anthropic', description: 'x' },
    ]);
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

  it('leaves out a status field that does not conform to the documented Status', () => {
    expect(parseStatus({ price: 'seven', quota_per_unit: 500000, display_in_currency: 'yes', system_name: 'S' })).toEqual({
      quota_per_unit: 500000,
      system_name: 'S',
    });
  });

  it('reads names from the documented list, leaving out a member that is not a name', () => {
    expect(parseModelNames(['a', 3, 'b'])).toEqual(['a', 'b']);
    expect(() => parseModelNames({ nope: true })).toThrow(ApiShapeError);
  });

  it('offers a group whose entry fits neither documented form by its key', () => {
    expect(parseGroups({ a: { ratio: 'x', desc: 'A' }, b: { ratio: '1.5', desc: 'B' } })).toEqual([
      { value: 'a', label: 'a' },
      { value: 'b', label: 'B', ratio: 1.5 },
    ]);
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

  it('refuses a token whose documented field does not conform, naming the field', () => {
    expect(() => parseToken({ ...served, name: 5 })).toThrow(/token: \.name: expected a string, got 5/);
    // Token.id is documented as an integer.
    expect(() => parseToken({ ...served, id: 1.5 })).toThrow(/token: \.id: expected a whole number/);
    expect(() => parseToken({ ...served, unlimited_quota: 'maybe' })).toThrow(/\.unlimited_quota: expected true or false/);
    expect(() => parseToken({ name: 'no id' })).toThrow(/token: \.id: missing/);
    expect(() => parseTokenPage([served, { ...served, remain_quota: 'lots' }])).toThrow(ApiShapeError);
  });

  it('reads GET /api/token data (a list of documented tokens)', () => {
    const data: ApiData<'/api/token', 'get'> = [served, { ...served, id: 8, status: 1 }];
    expect(parseTokenPage(data).items.map((t) => [t.id, t.status])).toEqual([
      [7, 2],
      [8, 1],
    ]);
  });
});
