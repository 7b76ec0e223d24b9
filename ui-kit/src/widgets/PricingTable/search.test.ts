import { fuzzyFilter, fuzzyMatch } from './fuzzy';
import { collectTags, selectRows } from './selectRows';
import type { PricingRow } from './vendors';

describe('fuzzyMatch', () => {
  it('matches subsequences ignoring case and separators', () => {
    expect(fuzzyMatch('gpt4o', 'gpt-4o-mini')).toBe(true);
    expect(fuzzyMatch('GPT 4 mini', 'gpt-4o-mini')).toBe(true);
    expect(fuzzyMatch('c3h', 'claude-3-haiku')).toBe(true);
    expect(fuzzyMatch('4og', 'gpt-4o')).toBe(false);
  });

  it('matches everything for a blank query', () => {
    expect(fuzzyFilter(['a', 'b'], '  ', (s) => s)).toEqual(['a', 'b']);
  });
});

function row(name: string, over: Partial<PricingRow> = {}, groups = ['default']): PricingRow {
  return {
    item: { model_name: name, quota_type: 0, model_ratio: 1, completion_ratio: 1, model_price: 0, enable_groups: groups },
    vendor: undefined,
    tags: [],
    description: undefined,
    ...over,
  };
}

describe('selectRows', () => {
  const rows = [
    row('claude-3', { vendor: 'Claude', tags: ['对话'] }),
    row('gpt-4o', { vendor: 'OpenAI', tags: ['对话', '识图'] }, ['vip']),
    row('mystery-1'),
    row('gpt-3.5', { vendor: 'OpenAI', tags: ['对话'] }),
  ];
  const base = { vendor: { kind: 'all' } as const, tag: '', query: '', onlyAvailable: false, group: 'default' };

  it('applies vendor, tag, query and availability filters and sorts', () => {
    expect(selectRows(rows, base).map((r) => r.item.model_name)).toEqual(['gpt-3.5', 'gpt-4o', 'claude-3', 'mystery-1']);
    expect(selectRows(rows, { ...base, vendor: { kind: 'vendor', name: 'OpenAI' } }).map((r) => r.item.model_name)).toEqual([
      'gpt-3.5',
      'gpt-4o',
    ]);
    expect(selectRows(rows, { ...base, vendor: { kind: 'other' } }).map((r) => r.item.model_name)).toEqual(['mystery-1']);
    expect(selectRows(rows, { ...base, tag: '识图' }).map((r) => r.item.model_name)).toEqual(['gpt-4o']);
    expect(selectRows(rows, { ...base, onlyAvailable: true }).map((r) => r.item.model_name)).toEqual([
      'gpt-3.5',
      'claude-3',
      'mystery-1',
    ]);
    expect(selectRows(rows, { ...base, query: 'cl3' }).map((r) => r.item.model_name)).toEqual(['claude-3']);
  });

  it('collects the distinct tags', () => {
    expect(collectTags(rows)).toEqual(expect.arrayContaining(['对话', '识图']));
    expect(collectTags(rows)).toHaveLength(2);
  });
});
