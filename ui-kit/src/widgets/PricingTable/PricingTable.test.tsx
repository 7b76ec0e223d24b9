import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SluiceClient } from '../../api/client';
import type { ModelInfoVendor, PricingItem } from '../../api/types';
import { toast } from '../../components/Toast';
import { renderWithTheme } from '../../test/renderWithTheme';
import { ConnectedPricingTable } from './ConnectedPricingTable';
import { PricingTable, type PricingTableProps } from './PricingTable';

let writeText: jest.Mock<Promise<void>, [string]>;

function mockClipboard(refuse = false): void {
  writeText = jest.fn(async (_text: string) => {
    if (refuse) throw new Error('NotAllowedError');
  });
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}

beforeEach(() => mockClipboard());

// Whole-widget interaction tests: generous time for a loaded shared machine.
jest.setTimeout(30000);

afterEach(() => {
  act(() => toast.dismiss());
});

function item(model_name: string, over: Partial<PricingItem> = {}): PricingItem {
  return { model_name, quota_type: 0, model_ratio: 1, completion_ratio: 1, model_price: 0, enable_groups: ['default', 'vip'], ...over };
}

const items: PricingItem[] = [
  item('claude-3-haiku', { model_ratio: 0.125, completion_ratio: 5, enable_groups: ['vip'] }),
  // The server's vendor-prefix table names dall-e-3's vendor (OpenAI, vendor 1).
  item('dall-e-3', { quota_type: 1, model_price: 0.04, vendor_id: 1 }),
  item('gpt-4o', { model_ratio: 1.25, completion_ratio: 4 }),
  item('acme-1', { model_ratio: 0.5 }),
  item('gpt-3.5-turbo', { model_ratio: 0.25, completion_ratio: 3, enable_groups: ['default'] }),
];

const modelInfo: ModelInfoVendor[] = [
  {
    manufacturer: 'OpenAI',
    description: '**GPT** 系列',
    models: [
      { model_name: 'gpt-4o', tags: ['对话', '识图'], illustrate: '<b>旗舰</b><script>window.__pwned = 1</script>' },
      { model_name: 'gpt-3.5-turbo', tags: ['对话'] },
    ],
  },
  { manufacturer: 'Anthropic', description: '<p><b>Claude</b> 模型</p>', models: [{ model_name: 'claude-3-haiku', tags: ['对话'] }] },
];

function renderTable(over: Partial<PricingTableProps> = {}) {
  renderWithTheme(
    <PricingTable
      items={items}
      groupRatio={{ default: 1, vip: 0.8 }}
      groupLabels={{ default: '默认分组', vip: 'VIP 会员' }}
      modelInfo={modelInfo}
      vendors={[{ id: 1, name: 'OpenAI' }]}
      exchangeRate={7.3}
      {...over}
    />,
  );
}

function table(): HTMLElement {
  return screen.getByRole('table', { name: '模型列表' });
}

function bodyRows(): HTMLElement[] {
  return within(table()).getAllByRole('row').slice(1);
}

function names(): string[] {
  return bodyRows().map((r) => within(r).getAllByRole('button')[0]?.textContent ?? '');
}

function rowOf(name: string): HTMLElement {
  const row = bodyRows().find((r) => within(r).queryByRole('button', { name }) !== null);
  if (!row) throw new Error(`no row ${name}`);
  return row;
}

async function findToast(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const hit = screen.getAllByText(text).map((el) => el.closest('li[data-tone]')).find((li) => li !== null);
    if (!hit) throw new Error(`no toast "${text}"`);
    return hit as HTMLElement;
  });
}

describe('PricingTable', () => {
  it('states the model count, the exchange rate and the billing formula', () => {
    renderTable();
    expect(screen.getByText('当前共有 5 个可用模型')).toBeInTheDocument();
    expect(screen.getByText('汇率：1 美元 = 7.3 元人民币')).toBeInTheDocument();
    expect(screen.getByText(/分组倍率 × 模型倍率 ×（提示 tokens \+ 补全 tokens × 补全倍率）\/ 500000/)).toBeInTheDocument();
  });

  it('shows stored tags through tagLabel in the rows and the tag filter', () => {
    renderTable({ tagLabel: (tag) => ({ 对话: 'Chat', 识图: 'Vision' })[tag] ?? tag });
    const gpt = rowOf('gpt-4o');
    expect(within(gpt).getByText('Chat')).toBeInTheDocument();
    expect(within(gpt).getByText('Vision')).toBeInTheDocument();
    expect(within(gpt).queryByText('对话')).toBeNull();
  });

  it('orders rows by billing type, gpt first, then name, with 4-decimal prices per 1M', () => {
    renderTable();
    expect(names()).toEqual(['gpt-3.5-turbo', 'gpt-4o', 'acme-1', 'claude-3-haiku', 'dall-e-3']);
    const gpt4o = rowOf('gpt-4o');
    expect(gpt4o).toHaveTextContent('提示 $2.5000 / 1M tokens');
    expect(gpt4o).toHaveTextContent('补全 $10.0000 / 1M tokens');
    expect(rowOf('dall-e-3')).toHaveTextContent('$0.0400 / 次');
    expect(rowOf('dall-e-3')).toHaveTextContent('按次计费');
  });

  it('switches to prices per 1K tokens and to yuan', async () => {
    renderTable();
    await userEvent.click(screen.getByRole('switch', { name: '按 K 显示价格' }));
    expect(rowOf('gpt-4o')).toHaveTextContent('提示 $0.0025 / 1K tokens');
    await userEvent.click(screen.getByRole('combobox', { name: '币种' }));
    await userEvent.click(screen.getByRole('option', { name: '人民币' }));
    expect(rowOf('gpt-4o')).toHaveTextContent('提示 ¥0.0183 / 1K tokens');
    expect(rowOf('dall-e-3')).toHaveTextContent('¥0.2920 / 次');
  });

  it('switching group re-prices rows and shows a notice with the ratio', async () => {
    renderTable();
    const groupSelect = screen.getByRole('combobox', { name: '分组' });
    expect(groupSelect).toHaveTextContent('default（倍率 1.00）');
    await userEvent.click(groupSelect);
    await userEvent.click(screen.getByRole('option', { name: 'vip（倍率 0.80）' }));
    expect(await findToast('已切换至分组 vip，倍率 0.80')).toHaveAttribute('data-tone', 'info');
    expect(rowOf('gpt-4o')).toHaveTextContent('提示 $2.0000 / 1M tokens');
    expect(rowOf('dall-e-3')).toHaveTextContent('$0.0320 / 次');
    expect(within(rowOf('gpt-3.5-turbo')).getByText('当前分组不可用')).toBeInTheDocument();
    expect(within(rowOf('claude-3-haiku')).getByText('可用')).toBeInTheDocument();
  });

  it('fuzzy-searches names and ignores input while an IME is composing', () => {
    renderTable();
    const search = screen.getByRole('searchbox', { name: '搜索模型' });
    fireEvent.change(search, { target: { value: 'gpt4o' } });
    expect(names()).toEqual(['gpt-4o']);
    fireEvent.change(search, { target: { value: '' } });
    expect(names()).toHaveLength(5);

    fireEvent.compositionStart(search);
    fireEvent.change(search, { target: { value: 'cla' } });
    // Still composing: the half-typed text shows in the box but does not filter.
    expect(search).toHaveValue('cla');
    expect(names()).toHaveLength(5);
    fireEvent.compositionEnd(search, { target: { value: 'cla' } });
    expect(names()).toEqual(['claude-3-haiku']);
  });

  it('filters by tag', async () => {
    renderTable();
    await userEvent.click(screen.getByRole('combobox', { name: '标签' }));
    await userEvent.click(screen.getByRole('option', { name: '识图' }));
    expect(names()).toEqual(['gpt-4o']);
  });

  it('toggles the ratio column, group display names and only-available models', async () => {
    renderTable();
    expect(within(table()).queryByRole('columnheader', { name: '倍率' })).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: '显示倍率' }));
    expect(within(table()).getByRole('columnheader', { name: '倍率' })).toBeInTheDocument();
    expect(rowOf('gpt-4o')).toHaveTextContent('模型倍率：1.25');
    expect(rowOf('gpt-4o')).toHaveTextContent('补全倍率：4');

    expect(within(rowOf('gpt-4o')).getByText('vip')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: '显示分组名称' }));
    expect(within(rowOf('gpt-4o')).getByText('VIP 会员')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '分组' })).toHaveTextContent('默认分组（倍率 1.00）');

    await userEvent.click(screen.getByRole('switch', { name: '仅显示当前分组可用的模型' }));
    expect(names()).toEqual(['gpt-3.5-turbo', 'gpt-4o', 'acme-1', 'dall-e-3']);
  });

  it('has a vendor bar with All, vendors with enabled models and Other, and shows vendor descriptions', async () => {
    renderTable();
    const bar = screen.getByRole('tablist', { name: '模型厂商' });
    expect(within(bar).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['全部', 'OpenAI', 'Anthropic', '其他']);

    await userEvent.click(within(bar).getByRole('tab', { name: 'Anthropic' }));
    expect(names()).toEqual(['claude-3-haiku']);
    // HTML descriptions render through the sanitiser.
    expect(screen.getByText('Claude').tagName).toBe('B');

    await userEvent.click(within(bar).getByRole('tab', { name: 'OpenAI' }));
    expect(names()).toEqual(['gpt-3.5-turbo', 'gpt-4o', 'dall-e-3']);
    // Markdown descriptions render as markdown.
    expect(screen.getByText('GPT').tagName).toBe('STRONG');

    await userEvent.click(within(bar).getByRole('tab', { name: '其他' }));
    expect(names()).toEqual(['acme-1']);
  });

  it('renders descriptions as sanitised HTML', () => {
    renderTable();
    const row = rowOf('gpt-4o');
    expect(within(row).getByText('旗舰').tagName).toBe('B');
    expect(row.querySelector('script')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('copies a model name on click', async () => {
    renderTable();
    await userEvent.click(screen.getByRole('button', { name: 'gpt-4o' }));
    expect(writeText).toHaveBeenCalledWith('gpt-4o');
    expect(await findToast('已复制：gpt-4o')).toHaveAttribute('data-tone', 'success');
  });

  it('copies 2 or more selected names comma-joined', async () => {
    renderTable();
    await userEvent.click(within(rowOf('gpt-4o')).getByRole('checkbox'));
    expect(screen.queryByRole('button', { name: /复制所选模型名称/ })).toBeNull();
    await userEvent.click(within(rowOf('claude-3-haiku')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: '复制所选模型名称（2）' }));
    expect(writeText).toHaveBeenCalledWith('gpt-4o,claude-3-haiku');
  });

  it('opens a manual-copy dialog when the clipboard refuses', async () => {
    mockClipboard(true);
    renderTable();
    await userEvent.click(screen.getByRole('button', { name: 'acme-1' }));
    const dialog = await screen.findByRole('dialog', { name: '无法复制到剪贴板，请手动复制' });
    expect(within(dialog).getByRole('textbox')).toHaveValue('acme-1');
  });

  it('shows no paging: every row is on one page', () => {
    const many = Array.from({ length: 30 }, (_, i) => item(`m-${String(i).padStart(2, '0')}`));
    renderTable({ items: many });
    expect(bodyRows()).toHaveLength(30);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows a load error with retry', async () => {
    const onRetry = jest.fn();
    renderTable({ items: [], error: 'HTTP 500', onRetry });
    expect(screen.getByText('加载模型价格失败：HTTP 500')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(onRetry).toHaveBeenCalled();
  });
});

describe('ConnectedPricingTable', () => {
  it('loads pricing, model info and the exchange rate through the client', async () => {
    const client = {
      baseUrl: 'https://fake.example',
      scope: 'https://fake.example|test',
      mode: 'session',
      getPricing: jest.fn(async () => ({ items, groupRatio: { default: 1, vip: 0.8 }, usableGroup: {}, vendors: [] })),
      getModelInfo: jest.fn(async () => modelInfo),
      getStatus: jest.fn(async () => ({ price: 7.1 })),
    } as unknown as SluiceClient;
    render(<ConnectedPricingTable client={client} />);
    expect(await screen.findByRole('button', { name: 'gpt-4o' })).toBeInTheDocument();
    expect(await screen.findByText('汇率：1 美元 = 7.1 元人民币')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Anthropic' })).toBeInTheDocument();
  });
});
