import type { PricingItem } from '../../api/types';
import { buildRows, buildVendorBar, looksLikeHtml, vendorByPrefix } from './vendors';

function item(model_name: string, enable_groups = ['default'], extra: Partial<PricingItem> = {}): PricingItem {
  return { model_name, quota_type: 0, model_ratio: 1, completion_ratio: 1, model_price: 0, enable_groups, ...extra };
}

describe('vendorByPrefix', () => {
  it('maps the documented prefixes', () => {
    expect(vendorByPrefix('gpt-4o')).toBe('OpenAI');
    expect(vendorByPrefix('dall-e-3')).toBe('OpenAI');
    expect(vendorByPrefix('o1-mini')).toBe('OpenAI');
    expect(vendorByPrefix('whisper-1')).toBe('OpenAI');
    expect(vendorByPrefix('search-gpts-chat')).toBe('OpenAI');
    expect(vendorByPrefix('claude-3-5-sonnet')).toBe('Claude');
    expect(vendorByPrefix('mj_imagine')).toBe('Midjourney');
    expect(vendorByPrefix('suno_music')).toBe('Suno');
    expect(vendorByPrefix('luma_video')).toBe('Luma');
    expect(vendorByPrefix('flux-pro')).toBe('Flux');
    expect(vendorByPrefix('Baichuan2-Turbo')).toBe('Baichuan');
  });

  it('needs a word boundary after the prefix', () => {
    expect(vendorByPrefix('yi-large')).toBe('Yi');
    expect(vendorByPrefix('yinyang')).toBeUndefined();
    expect(vendorByPrefix('o1')).toBe('OpenAI');
    expect(vendorByPrefix('totally-new')).toBeUndefined();
  });
});

describe('buildRows and buildVendorBar', () => {
  const modelInfo = [
    { manufacturer: 'Anthropic', description: '**Claude** family', models: [{ model_name: 'claude-3', tags: ['对话'], illustrate: '<i>fast</i>' }] },
    { manufacturer: 'Nobody', description: 'no enabled models', models: [{ model_name: 'ghost', tags: [] }] },
  ];

  it('prefers model-info vendors and tags, then prefixes, else Other', () => {
    const rows = buildRows([item('claude-3'), item('gpt-4o', ['default'], { tags: ['对话'] }), item('zz-1')], { modelInfo });
    expect(rows.map((r) => [r.vendor, r.tags, r.description])).toEqual([
      ['Anthropic', ['对话'], '<i>fast</i>'],
      ['OpenAI', ['对话'], undefined],
      [undefined, [], undefined],
    ]);
  });

  it('resolves vendor ids of newer servers', () => {
    const rows = buildRows([item('abc', ['default'], { vendor_id: 3 })], { pricingVendors: [{ id: 3, name: 'Acme' }] });
    expect(rows[0]?.vendor).toBe('Acme');
  });

  it('lists only vendors with models in an enabled group, described ones first, and Other when needed', () => {
    const rows = buildRows([item('claude-3'), item('gpt-4o'), item('zz-1'), item('deepseek-chat', [])], { modelInfo });
    const bar = buildVendorBar(rows, { modelInfo });
    expect(bar.vendors).toEqual([{ name: 'Anthropic', description: '**Claude** family' }, { name: 'OpenAI' }]);
    expect(bar.hasOther).toBe(true);
    const noOther = buildVendorBar(buildRows([item('gpt-4o')], {}), {});
    expect(noOther.hasOther).toBe(false);
  });

  it('detects HTML descriptions', () => {
    expect(looksLikeHtml('<p>hi</p>')).toBe(true);
    expect(looksLikeHtml('a < b and **bold**')).toBe(false);
  });
});
