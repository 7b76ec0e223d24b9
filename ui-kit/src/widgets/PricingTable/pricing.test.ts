import type { PricingItem } from '../../api/types';
import {
  comparePricing,
  convertCurrency,
  formatGroupRatio,
  formatPrice,
  formatRatio,
  isAvailable,
  perCallPrice,
  ratioOf,
  tokenPrices,
} from './pricing';

function item(over: Partial<PricingItem>): PricingItem {
  return { model_name: 'm', quota_type: 0, model_ratio: 1, completion_ratio: 1, model_price: 0, enable_groups: [], ...over };
}

describe('price arithmetic', () => {
  it('prices 1M prompt tokens at ratio × 2 × group ratio and completion at × completion ratio', () => {
    const p = tokenPrices(item({ model_ratio: 2.5, completion_ratio: 4 }), 0.5, 'M');
    expect(p.prompt).toBeCloseTo(2.5);
    expect(p.completion).toBeCloseTo(10);
  });

  it('divides by 1000 for the K unit', () => {
    const p = tokenPrices(item({ model_ratio: 15, completion_ratio: 2 }), 1, 'K');
    expect(p.prompt).toBeCloseTo(0.03);
    expect(p.completion).toBeCloseTo(0.06);
  });

  it('scales per-call prices by the group ratio', () => {
    expect(perCallPrice(item({ quota_type: 1, model_price: 0.04 }), 1.5)).toBeCloseTo(0.06);
  });

  it('converts with the exchange rate only for yuan', () => {
    expect(convertCurrency(2, 'USD', 7.3)).toBe(2);
    expect(convertCurrency(2, 'CNY', 7.3)).toBeCloseTo(14.6);
  });

  it('formats prices to 4 decimals and group ratios to 2', () => {
    expect(formatPrice(0.15, 'USD')).toBe('$0.1500');
    expect(formatPrice(1.09500001, 'CNY')).toBe('¥1.0950');
    expect(formatGroupRatio(0.8)).toBe('0.80');
    // Decimal half-up rounding, not binary: 0.0025 × 7.3 = 0.01825.
    expect(formatPrice(0.0025 * 7.3, 'CNY')).toBe('¥0.0183');
    expect(formatPrice(1e-7, 'USD')).toBe('$0.0000');
    expect(formatPrice(123456.78905, 'USD')).toBe('$123456.7891');
    expect(formatRatio(0.1 * 3)).toBe('0.3');
  });

  it('uses ratio 1 for a group the server did not list', () => {
    expect(ratioOf({ vip: 2 }, 'vip')).toBe(2);
    expect(ratioOf({ vip: 2 }, 'nope')).toBe(1);
  });

  it('knows availability from enable_groups', () => {
    expect(isAvailable(item({ enable_groups: ['default', 'vip'] }), 'vip')).toBe(true);
    expect(isAvailable(item({ enable_groups: ['default'] }), 'vip')).toBe(false);
  });
});

describe('comparePricing (§9 order)', () => {
  it('orders by billing type, then gpt names first, then alphabetically', () => {
    const names = [
      item({ model_name: 'mj_imagine', quota_type: 1 }),
      item({ model_name: 'claude-3-haiku' }),
      item({ model_name: 'gpt-4o' }),
      item({ model_name: 'Baichuan2' }),
      item({ model_name: 'gpt-3.5-turbo' }),
      item({ model_name: 'gpt-image', quota_type: 1 }),
    ]
      .sort(comparePricing)
      .map((i) => i.model_name);
    expect(names).toEqual(['gpt-3.5-turbo', 'gpt-4o', 'Baichuan2', 'claude-3-haiku', 'gpt-image', 'mj_imagine']);
  });
});
