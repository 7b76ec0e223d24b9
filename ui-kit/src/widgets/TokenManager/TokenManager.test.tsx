import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SluiceClient } from '../../api/client';
import type { GroupOption, Token, TokenInput } from '../../api/types';
import { fromInputValue } from '../../components/DateTimePicker';
import { toast } from '../../components/Toast';
import { renderWithTheme } from '../../test/renderWithTheme';
import { ConnectedTokenManager } from './ConnectedTokenManager';
import { formatTimestamp } from './tokenDisplay';
import { TokenManager, type TokenManagerProps } from './TokenManager';

let writeText: jest.Mock<Promise<void>, [string]>;

beforeEach(() => {
  writeText = jest.fn(async (_text: string) => undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
});

// Whole-widget interaction tests: generous time for a loaded shared machine.
jest.setTimeout(30000);

afterEach(() => {
  act(() => toast.dismiss());
});

const KEY_A = 'abcdEFGH1234567890abcdEFGH1234567890abcdEFGHwxyz';
const KEY_B = 'zzzzEFGH1234567890abcdEFGH1234567890abcdEFGHyyyy';

function token(over: Partial<Token>): Token {
  return {
    id: 1,
    name: 't',
    key: KEY_A,
    status: 1,
    remain_quota: 500000,
    used_quota: 250000,
    unlimited_quota: false,
    expired_time: -1,
    created_time: 1700000000,
    group: 'default',
    model_limits_enabled: false,
    model_limits: '',
    ip_limits: '',
    rate_limit_enabled: false,
    rate_limit_interval: 1,
    rate_limit_count: 1,
    rpm_limit: 0,
    tpm_limit: 0,
    concurrency_limit: 0,
    ...over,
  };
}

const tokens: Token[] = [
  token({ id: 1, name: '默认令牌' }),
  token({ id: 2, name: '团队', key: KEY_B, unlimited_quota: true, expired_time: 1800000000, group: 'vip' }),
  token({ id: 3, name: '停用的', status: 2 }),
];

const groups: GroupOption[] = [
  { value: 'default', label: '默认分组', ratio: 1 },
  { value: 'vip', label: 'VIP', ratio: 0.8 },
];

function renderManager(over: Partial<TokenManagerProps> = {}) {
  const props: TokenManagerProps = {
    tokens,
    page: 1,
    pageSize: 10,
    onPageChange: jest.fn(),
    onPageSizeChange: jest.fn(),
    siteOrigin: 'https://api.example.com',
    groups,
    models: ['gpt-4o', 'claude-3'],
    groupDescription: '<p><b>vip</b> 分组说明</p>',
    debugDocument: '<h2>调试</h2><script>window.__pwned = 1</script>',
    onSearch: jest.fn(),
    onCreate: jest.fn(async () => undefined),
    onUpdate: jest.fn(async () => undefined),
    onDelete: jest.fn(async () => undefined),
    onSetStatus: jest.fn(async () => undefined),
    openUrl: jest.fn(),
    now: () => 1_700_000_000,
    ...over,
  };
  renderWithTheme(<TokenManager {...props} />);
  return props;
}

function rowOf(name: string): HTMLElement {
  const table = screen.getByRole('table', { name: '令牌列表' });
  const row = within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryAllByRole('cell')[1]?.textContent === name);
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

/** Epoch milliseconds shown in the panel's expiry input (the browser normalises its text). */
function expiryShown(panel: HTMLElement): number | undefined {
  return fromInputValue((within(panel).getByLabelText('过期时间') as HTMLInputElement).value)?.getTime();
}

async function openPanel(): Promise<HTMLElement> {
  await userEvent.click(screen.getByRole('button', { name: '添加令牌' }));
  return screen.findByRole('dialog', { name: '创建新的令牌' });
}

describe('TokenManager list', () => {
  it('tells users to use this site as the API base address', () => {
    renderManager();
    expect(screen.getByText(/替换为 https:\/\/api\.example\.com/)).toBeInTheDocument();
  });

  it('shows the columns with "no limit", "never expires" and greyed disabled rows', () => {
    renderManager();
    const first = rowOf('默认令牌');
    expect(first).toHaveTextContent('$0.50');
    expect(first).toHaveTextContent('$1.00');
    expect(first).toHaveTextContent('永不过期');
    expect(first).toHaveTextContent(formatTimestamp(1700000000));
    expect(first).toHaveTextContent('已启用');
    const team = rowOf('团队');
    expect(team).toHaveTextContent('无限制');
    expect(team).toHaveTextContent(formatTimestamp(1800000000));
    expect(rowOf('停用的')).toHaveAttribute('data-disabled');
    expect(first).not.toHaveAttribute('data-disabled');
    // The name stays on one line (a narrow column broke "seeded" into "seede" and "d").
    expect(within(first).getByText('默认令牌').closest('td')).toHaveAttribute('data-nowrap', 'true');
    // A long name ends in an ellipsis (its whole text in the tooltip) instead of widening the
    // column until the row's buttons stack on a phone.
    expect(within(first).getByText('默认令牌')).toHaveAttribute('title', '默认令牌');
    expect(within(first).getByText('默认令牌')).toHaveStyle({ textOverflow: 'ellipsis', maxWidth: '12rem' });
  });

  it('searches by name and by key', async () => {
    const props = renderManager();
    await userEvent.type(screen.getByRole('textbox', { name: '搜索令牌名称' }), '团队');
    await userEvent.type(screen.getByRole('textbox', { name: '搜索令牌密钥' }), 'sk-zzzz');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(props.onSearch).toHaveBeenCalledWith({ keyword: '团队', token: 'sk-zzzz' });
  });

  it('masks keys until viewed and copies them with the sk- prefix', async () => {
    renderManager();
    const row = rowOf('默认令牌');
    expect(within(row).getByTestId('token-key')).toHaveTextContent('sk-abcd**********wxyz');
    await userEvent.click(within(row).getByRole('button', { name: '查看密钥' }));
    expect(within(row).getByTestId('token-key')).toHaveTextContent(`sk-${KEY_A}`);
    await userEvent.click(within(row).getByRole('button', { name: '隐藏密钥' }));
    expect(within(row).getByTestId('token-key')).toHaveTextContent('sk-abcd**********wxyz');
    await userEvent.click(within(row).getByRole('button', { name: '复制密钥' }));
    expect(writeText).toHaveBeenCalledWith(`sk-${KEY_A}`);
  });

  it('offers five chat clients and reports a missing chat link', async () => {
    const props = renderManager();
    await userEvent.click(within(rowOf('默认令牌')).getByRole('button', { name: '聊天' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'ChatGPT Next Web',
      'ChatGPT Web & Midjourney',
      'Lobe Chat',
      'AMA 问天（BotGem）',
      'OpenCat',
    ]);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'ChatGPT Next Web' }));
    expect(await findToast('管理员未设置聊天链接')).toHaveAttribute('data-tone', 'error');
    expect(props.openUrl).not.toHaveBeenCalled();

    await userEvent.click(within(rowOf('默认令牌')).getByRole('button', { name: '聊天' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'OpenCat' }));
    expect(props.openUrl).toHaveBeenCalledWith(
      `opencat://team/join?domain=https%3A%2F%2Fapi.example.com&token=sk-${KEY_A}`,
    );
  });

  it('opens the chat link when one is set', async () => {
    const props = renderManager({ chatLinks: { chatLink: 'NextChat（https://chat.example.com）' } });
    await userEvent.click(within(rowOf('团队')).getByRole('button', { name: '聊天' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'ChatGPT Next Web' }));
    expect(props.openUrl).toHaveBeenCalledWith(
      `https://chat.example.com/#/?settings={"key":"sk-${KEY_B}","url":"https://api.example.com"}`,
    );
  });

  it('deletes after confirmation', async () => {
    const props = renderManager();
    await userEvent.click(within(rowOf('团队')).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('确定删除令牌“团队”吗？');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(props.onDelete).toHaveBeenCalledWith(2));
    expect(await findToast('令牌已删除')).toHaveAttribute('data-tone', 'success');
  });

  it('disables enabled tokens and enables the others', async () => {
    const props = renderManager();
    await userEvent.click(within(rowOf('默认令牌')).getByRole('button', { name: '禁用' }));
    expect(props.onSetStatus).toHaveBeenCalledWith(1, 2);
    await userEvent.click(within(rowOf('停用的')).getByRole('button', { name: '启用' }));
    expect(props.onSetStatus).toHaveBeenCalledWith(3, 1);
    expect(await findToast('操作成功完成！')).toBeInTheDocument();
  });

  it('shows the server message when an action fails', async () => {
    renderManager({ onSetStatus: async () => Promise.reject(new Error('令牌已过期，无法启用')) });
    await userEvent.click(within(rowOf('停用的')).getByRole('button', { name: '启用' }));
    expect(await findToast('令牌已过期，无法启用')).toHaveAttribute('data-tone', 'error');
  });

  it('copies selected tokens as name and key per line, and needs a selection', async () => {
    renderManager();
    await userEvent.click(screen.getByRole('button', { name: '复制所选令牌' }));
    expect(await findToast('请至少选择一个令牌')).toHaveAttribute('data-tone', 'error');
    expect(writeText).not.toHaveBeenCalled();
    await userEvent.click(within(rowOf('默认令牌')).getByRole('checkbox'));
    await userEvent.click(within(rowOf('停用的')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: '复制所选令牌' }));
    expect(writeText).toHaveBeenCalledWith(`默认令牌    sk-${KEY_A}\n停用的    sk-${KEY_A}`);
  });

  it('copies the base URL', async () => {
    renderManager();
    await userEvent.click(screen.getByRole('button', { name: '复制接口地址' }));
    expect(writeText).toHaveBeenCalledWith('https://api.example.com');
  });

  it('shows the debug document as sanitised HTML or in a frame', async () => {
    renderManager();
    await userEvent.click(screen.getByRole('tab', { name: '调试文档' }));
    expect(screen.getByRole('heading', { name: '调试' })).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
  });

  it('embeds a debug document address in a frame', async () => {
    renderManager({ debugDocument: 'https://docs.example.com/api' });
    await userEvent.click(screen.getByRole('tab', { name: '调试文档' }));
    expect(screen.getByTitle('调试文档')).toHaveAttribute('src', 'https://docs.example.com/api');
  });

  it('reports a debug document failure', async () => {
    renderManager({ debugDocumentError: true });
    await userEvent.click(screen.getByRole('tab', { name: '调试文档' }));
    expect(screen.getByText('获取调试文档失败')).toBeInTheDocument();
  });
});

describe('TokenManager debug document tab', () => {
  it('says there is no document when none is set, instead of a blank tab', async () => {
    renderManager({ debugDocument: '  ' });
    await userEvent.click(screen.getByRole('tab', { name: '调试文档' }));
    expect(await screen.findByText('暂无调试文档')).toBeInTheDocument();
  });
});

describe('TokenManager side panel', () => {
  it('requires a group', async () => {
    const props = renderManager({ groups: [{ value: 'vip', label: 'VIP' }] });
    const panel = await openPanel();
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('请选择令牌分组');
    expect(await findToast('请选择令牌分组')).toHaveAttribute('data-tone', 'error');
    expect(props.onCreate).not.toHaveBeenCalled();
  });

  it('takes a typed expiry date-time as epoch seconds', async () => {
    const created: TokenInput[] = [];
    renderManager({ onCreate: async (inputs) => void created.push(...inputs) });
    const panel = await openPanel();
    fireEvent.change(within(panel).getByLabelText('过期时间'), { target: { value: '2030-01-02T03:04:05' } });
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]?.expired_time).toBe(new Date(2030, 0, 2, 3, 4, 5).getTime() / 1000);
  });

  it('requires a positive integer count and rate limits of at least 1', async () => {
    const props = renderManager();
    const panel = await openPanel();
    // The inputs clamp numbers to their minimum; an emptied field is what can still be invalid.
    await userEvent.clear(within(panel).getByLabelText('新建数量'));
    await userEvent.tab();
    await userEvent.click(within(panel).getByRole('switch', { name: '速率限制' }));
    await userEvent.clear(within(panel).getByLabelText('时间窗口（秒）'));
    await userEvent.tab();
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    const alerts = within(panel).getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual(expect.arrayContaining(['新建数量必须是正整数', '速率限制的时间窗口和次数最小为 1']));
    expect(props.onCreate).not.toHaveBeenCalled();
  });

  it('creates tokens with presets, suffixed names and comma-joined limits', async () => {
    const created: TokenInput[][] = [];
    renderManager({
      onCreate: async (inputs) => {
        created.push(inputs);
      },
    });
    const panel = await openPanel();
    await userEvent.type(within(panel).getByLabelText('名称'), '团队令牌');
    await userEvent.click(within(panel).getByRole('button', { name: '一天' }));
    expect(expiryShown(panel)).toBe((1_700_000_000 + 86400) * 1000);
    await userEvent.click(within(panel).getByRole('button', { name: '$10.00' }));
    await userEvent.click(within(panel).getByRole('button', { name: '10' }));
    const count = within(panel).getByLabelText('新建数量');
    expect(count).toHaveValue('10');
    await userEvent.clear(count);
    await userEvent.type(count, '3');
    await userEvent.tab();
    await userEvent.type(within(panel).getByLabelText('IP 限制'), ' 10.0.0.1 , 10.0.0.2 ');
    await userEvent.click(within(panel).getByRole('switch', { name: '模型限制' }));
    await userEvent.click(within(panel).getByRole('combobox', { name: '模型限制' }));
    await userEvent.click(screen.getByRole('option', { name: 'gpt-4o' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));

    await waitFor(() => expect(created).toHaveLength(1));
    const inputs = created[0] ?? [];
    expect(inputs).toHaveLength(3);
    expect(inputs[0]).toEqual({
      name: '团队令牌',
      remain_quota: 5000000,
      unlimited_quota: false,
      expired_time: 1_700_000_000 + 86400,
      group: 'default',
      model_limits_enabled: true,
      model_limits: 'gpt-4o',
      ip_limits: '10.0.0.1,10.0.0.2',
      rate_limit_enabled: false,
      rate_limit_interval: 1,
      rate_limit_count: 1,
      rpm_limit: 0,
      tpm_limit: 0,
      concurrency_limit: 0,
    });
    expect(inputs[1]?.name).toMatch(/^团队令牌-[A-Za-z0-9]{6}$/);
    expect(await findToast('成功创建 3 个令牌，请在列表中复制密钥')).toHaveAttribute('data-tone', 'success');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '创建新的令牌' })).toBeNull());
  });

  it('gives an unnamed token the default name with a random suffix', async () => {
    const created: TokenInput[] = [];
    renderManager({ onCreate: async (inputs) => void created.push(...inputs) });
    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ name: expect.stringMatching(/^未命名令牌-[A-Za-z0-9]{6}$/), remain_quota: 500000, expired_time: -1 });
  });

  it('edits a token with its current values and no count field', async () => {
    const props = renderManager();
    await userEvent.click(within(rowOf('团队')).getByRole('button', { name: '编辑' }));
    const panel = await screen.findByRole('dialog', { name: '更新令牌信息' });
    expect(within(panel).getByLabelText('名称')).toHaveValue('团队');
    expect(expiryShown(panel)).toBe(1800000000 * 1000);
    expect(within(panel).getByRole('switch', { name: '无限额度' })).toBeChecked();
    expect(within(panel).queryByLabelText('新建数量')).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: '永不过期' }));
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() =>
      expect(props.onUpdate).toHaveBeenCalledWith(2, expect.objectContaining({ name: '团队', expired_time: -1, group: 'vip', unlimited_quota: true })),
    );
    expect(await findToast('令牌更新成功')).toBeInTheDocument();
  });

  it('shows and saves the per-minute and at-once limits', async () => {
    const props = renderManager();
    await userEvent.click(within(rowOf('团队')).getByRole('button', { name: '编辑' }));
    const panel = await screen.findByRole('dialog', { name: '更新令牌信息' });
    const limits = within(panel).getByRole('group', { name: '每分钟与并发限制（0 表示不限制）' });
    const rpm = within(limits).getByLabelText('每分钟请求数');
    expect(rpm).toHaveValue('0');
    await userEvent.clear(rpm);
    await userEvent.type(rpm, '60');
    await userEvent.clear(within(limits).getByLabelText('每分钟 token 数'));
    await userEvent.type(within(limits).getByLabelText('每分钟 token 数'), '90000');
    await userEvent.clear(within(limits).getByLabelText('同时请求数'));
    await userEvent.type(within(limits).getByLabelText('同时请求数'), '3');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(props.onUpdate).toHaveBeenCalledWith(2, expect.objectContaining({ rpm_limit: 60, tpm_limit: 90000, concurrency_limit: 3 })));
  });

  it('shows the group description dialog', async () => {
    renderManager();
    const panel = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: '查看说明' }));
    const dialog = await screen.findByRole('dialog', { name: '分组说明' });
    expect(within(dialog).getByText('vip').tagName).toBe('B');
  });

  it('keeps the panel open and shows the server error when saving fails', async () => {
    renderManager({ onCreate: async () => Promise.reject(new Error('令牌数量已达上限')) });
    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await findToast('令牌数量已达上限')).toHaveAttribute('data-tone', 'error');
    expect(screen.getByRole('dialog', { name: '创建新的令牌' })).toBeInTheDocument();
  });
});

describe('ConnectedTokenManager', () => {
  it('lists, searches and creates through the client, refreshing the list', async () => {
    let stored = [...tokens];
    const client = {
      baseUrl: 'https://fake.example',
      scope: 'https://fake.example|test',
      mode: 'session',
      listTokens: jest.fn(async () => ({ items: stored })),
      searchTokens: jest.fn(async () => ({ items: stored.filter((t) => t.name === '团队') })),
      getStatus: jest.fn(async () => ({ server_address: 'https://api.example.com' })),
      getGroups: jest.fn(async () => groups),
      getModels: jest.fn(async () => ['gpt-4o']),
      getTokenChannelDescription: jest.fn(async () => ''),
      getDebugDocument: jest.fn(async () => '<p>doc</p>'),
      createToken: jest.fn(async (input: TokenInput) => {
        stored = [...stored, token({ id: stored.length + 10, name: input.name })];
      }),
    } as unknown as SluiceClient;
    render(<ConnectedTokenManager client={client} />);
    expect(await screen.findByText('默认令牌')).toBeInTheDocument();
    expect(client.listTokens).toHaveBeenCalledWith({ page: 1, size: 10 });
    expect(await screen.findByText(/替换为 https:\/\/api\.example\.com/)).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: '搜索令牌名称' }), '团队{Enter}');
    await waitFor(() => expect(client.searchTokens).toHaveBeenCalledWith({ keyword: '团队', token: '' }));
    await waitFor(() => expect(screen.queryByText('默认令牌')).toBeNull());

    await userEvent.clear(screen.getByRole('textbox', { name: '搜索令牌名称' }));
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await openPanel();
    await userEvent.type(screen.getByLabelText('名称'), '新的');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(client.createToken).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('新的')).toBeInTheDocument();
  });
});
