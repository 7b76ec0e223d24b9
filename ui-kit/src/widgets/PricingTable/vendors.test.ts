import type { PricingItem } from '../../api/types';
import { buildRows, buildVendorBar, looksLikeHtml } from './vendors';

function item(model_name: string, enable_groups = ['default'], extra: Partial<PricingItem> = {}): PricingItem {
  return { model_name, quota_type: 0, model_ratio: 1, completion_ratio: 1, model_price: 0, enable_groups, ...extra };
}

describe('buildRows and buildVendorBar', () => {
  const modelInfo = [
    { manufacturer: 'Anthropic', description: '**Claude** family', models: [{ model_name: 'claude-3', tags: ['对话'], illustrate: '<i>fast</i>' }] },
    { manufacturer: 'Nobody', description: 'no enabled models', models: [{ model_name: 'ghost', tags: [] }] },
  ];

  // The server's vendor-prefix table names OpenAI as vendor 1 in /api/pricing.
  const pricingVendors = [{ id: 1, name: 'OpenAI' }];

  it('prefers model-info vendors and tags, then the server vendor ids, else Other', () => {
    const rows = buildRows([item('claude-3'), item('gpt-4o', ['default'], { tags: ['对话'], vendor_id: 1 }), item('zz-1')], { modelInfo, pricingVendors });
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
    const rows = buildRows([item('claude-3'), item('gpt-4o', ['default'], { vendor_id: 1 }), item('zz-1'), item('deepseek-chat', [])], { modelInfo, pricingVendors });
    const bar = buildVendorBar(rows, { modelInfo });
    expect(bar.vendors).toEqual([{ name: 'Anthropic', description: '**Claude** family' }, { name: 'OpenAI' }]);
    expect(bar.hasOther).toBe(true);
    const noOther = buildVendorBar(buildRows([item('gpt-4o', ['default'], { vendor_id: 1 })], { pricingVendors }), {});
    expect(noOther.hasOther).toBe(false);
  });

  it('detects HTML descriptions', () => {
    expect(looksLikeHtml('<p>hi</p>')).toBe(true);
    expect(looksLikeHtml('a < b and **bold**')).toBe(false);
  });
});
