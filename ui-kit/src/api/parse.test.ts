import { ApiShapeError, parseGroups, parseModelInfo, parseModelNames, parsePricingResponse, parseStatus, parseTokenPage } from './parse';

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
