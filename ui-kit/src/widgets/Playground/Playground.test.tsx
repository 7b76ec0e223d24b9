import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SluiceClient } from '../../api/client';
import { SluiceApiError } from '../../api/client';
import type { ChatCompletionRequest, ChatStreamEvent, GroupOption } from '../../api/types';
import { toast } from '../../components/Toast';
import { renderWithTheme } from '../../test/renderWithTheme';
import { defaultSettings, type ChatMessage, type PlaygroundSettings } from './chat';
import { ConnectedPlayground } from './ConnectedPlayground';
import { Playground, type PlaygroundProps } from './Playground';
import { presetPrompt } from './presets';

// Whole-widget interaction tests: generous time for a loaded shared machine.
jest.setTimeout(30000);

afterEach(() => {
  act(() => toast.dismiss());
});

const groups: GroupOption[] = [
  { value: 'default', label: '默认分组', ratio: 1 },
  { value: 'vip', label: 'VIP', ratio: 0.8 },
];

function msg(id: string, role: ChatMessage['role'], content: string, status: ChatMessage['status'], error?: string): ChatMessage {
  const m: ChatMessage = { id, role, content, status, createAt: 0 };
  if (error !== undefined) m.error = error;
  return m;
}

function renderView(over: Partial<PlaygroundProps> = {}) {
  const props: PlaygroundProps = {
    groups,
    models: ['gpt-4o-mini', 'gpt-4o', 'o1-mini'],
    settings: { ...defaultSettings('be helpful'), group: 'default' },
    onSettingsChange: jest.fn(),
    messages: [],
    onSend: jest.fn(),
    onClear: jest.fn(),
    ...over,
  };
  renderWithTheme(<Playground {...props} />);
  return props;
}

/** The toast (not a placeholder or label) showing `text`. */
async function findToast(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const hit = screen.getAllByText(text).map((el) => el.closest('li[data-tone]')).find((li) => li !== null);
    if (!hit) throw new Error(`no toast "${text}"`);
    return hit as HTMLElement;
  });
}

function sidebar(): HTMLElement {
  return screen.getByRole('complementary', { name: '设置' });
}

describe('Playground view', () => {
  it('shows the welcome message first', () => {
    renderView({ messages: [msg('1', 'user', '你好', 'complete')] });
    const items = within(screen.getByRole('list', { name: '对话消息' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('你好！我是 AI 助手');
    expect(items[0]).toHaveAttribute('data-role', 'assistant');
    expect(items[1]).toHaveTextContent('你好');
  });

  it('renders the loading, incomplete, complete and error states of replies', () => {
    renderView({
      messages: [
        msg('1', 'assistant', '', 'loading'),
        msg('2', 'assistant', '一半', 'incomplete'),
        msg('3', 'assistant', '**完整**回复', 'complete'),
        msg('4', 'assistant', '部分', 'error', 'quota exhausted'),
        msg('5', 'assistant', '', 'error', 'network-error'),
      ],
    });
    const items = within(screen.getByRole('list', { name: '对话消息' })).getAllByRole('listitem').slice(1);
    expect(items.map((i) => i.getAttribute('data-status'))).toEqual(['loading', 'incomplete', 'complete', 'error', 'error']);
    expect(items[0]).toHaveTextContent('正在思考…');
    expect(within(items[1] as HTMLElement).getByRole('status')).toHaveTextContent('生成中…');
    expect(within(items[2] as HTMLElement).getByText('完整').tagName).toBe('STRONG');
    expect(within(items[3] as HTMLElement).getByRole('alert')).toHaveTextContent('错误：quota exhausted');
    expect(items[3]).toHaveTextContent('部分');
    expect(within(items[4] as HTMLElement).getByRole('alert')).toHaveTextContent('错误：无法正常连接至服务器');
    // Busy while a reply streams: sending is disabled.
    expect(screen.getByRole('button', { name: '发送' })).toBeDisabled();
  });

  it('renders model output as inert markdown: no javascript: links, no scripts, no raw HTML', () => {
    const hostile =
      '[点我](javascript:alert(1)) <script>window.__pwned = true</script> <img src=x onerror="window.__pwned=true"> [ok](https://example.com)';
    renderView({ messages: [msg('1', 'assistant', hostile, 'complete')] });
    const item = within(screen.getByRole('list', { name: '对话消息' })).getAllByRole('listitem')[1] as HTMLElement;
    expect(item.querySelector('script')).toBeNull();
    expect(item.querySelector('img')).toBeNull();
    expect(item.querySelector('a[href^="javascript"]')).toBeNull();
    // The javascript: link keeps its text but is not a link; only the https link is.
    expect(item).toHaveTextContent('点我');
    expect(Array.from(item.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual(['https://example.com/']);
    // The markup is shown as text, not executed.
    expect(item).toHaveTextContent('<script>window.__pwned = true</script>');
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it('sends on Enter, not on Shift+Enter nor while an IME is composing', async () => {
    const props = renderView();
    const input = screen.getByRole('textbox', { name: '消息' });
    await userEvent.type(input, '第一行{Shift>}{Enter}{/Shift}第二行');
    expect(props.onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    expect(props.onSend).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(props.onSend).toHaveBeenCalledWith('第一行\n第二行');
    expect(input).toHaveValue('');
  });

  it('requires a group before sending', async () => {
    const props = renderView({ settings: defaultSettings('') });
    await userEvent.type(screen.getByRole('textbox', { name: '消息' }), 'hi{Enter}');
    expect(props.onSend).not.toHaveBeenCalled();
    expect(await findToast('请选择分组')).toHaveAttribute('data-tone', 'error');
  });

  it('rejects o1 models with a message and keeps the previous model', async () => {
    const props = renderView();
    await userEvent.click(within(sidebar()).getByRole('combobox', { name: '模型' }));
    await userEvent.click(screen.getByRole('option', { name: 'o1-mini' }));
    expect(await findToast('暂不支持测试 o1-mini 模型')).toHaveAttribute('data-tone', 'error');
    expect(props.onSettingsChange).not.toHaveBeenCalled();
    await userEvent.click(within(sidebar()).getByRole('combobox', { name: '模型' }));
    await userEvent.click(screen.getByRole('option', { name: 'gpt-4o' }));
    expect(props.onSettingsChange).toHaveBeenCalledWith(expect.objectContaining({ model: 'gpt-4o' }));
  });

  it('steps temperature by 0.1 within 0.1..1 and converts max tokens to a number', async () => {
    const changes: PlaygroundSettings[] = [];
    function Harness() {
      const [s, setS] = useState<PlaygroundSettings>({ ...defaultSettings(''), group: 'default' });
      return (
        <Playground
          groups={groups}
          models={['gpt-4o-mini']}
          settings={s}
          onSettingsChange={(next) => {
            changes.push(next);
            setS(next);
          }}
          messages={[]}
          onSend={() => undefined}
          onClear={() => undefined}
        />
      );
    }
    renderWithTheme(<Harness />);
    const slider = within(sidebar()).getByRole('slider', { name: '温度' });
    expect(slider).toHaveAttribute('aria-valuemin', '0.1');
    expect(slider).toHaveAttribute('aria-valuemax', '1');
    act(() => slider.focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(changes.at(-1)?.temperature).toBe(0.2);
    await userEvent.keyboard('{End}{ArrowRight}');
    expect(changes.at(-1)?.temperature).toBe(1);
    const max = within(sidebar()).getByLabelText('最大 tokens');
    await userEvent.clear(max);
    await userEvent.type(max, '256');
    await userEvent.tab();
    expect(changes.at(-1)?.maxTokens).toBe(256);
  });

  it('fills the system prompt from a role preset', async () => {
    const props = renderView();
    await userEvent.click(within(sidebar()).getByRole('combobox', { name: '预设角色' }));
    await userEvent.click(screen.getByRole('option', { name: '翻译员' }));
    expect(props.onSettingsChange).toHaveBeenCalledWith(
      expect.objectContaining({ systemPrompt: presetPrompt('translator', 'zh-CN') }),
    );
  });

  it('asks before clearing the conversation and confirms afterwards', async () => {
    const props = renderView({ messages: [msg('1', 'user', 'hi', 'complete')] });
    await userEvent.click(screen.getByRole('button', { name: '清空对话' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('确定删除此对话吗？');
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(props.onClear).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: '清空对话' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(props.onClear).toHaveBeenCalledTimes(1));
    expect(await findToast('对话已删除')).toHaveAttribute('data-tone', 'success');
  });

  it('opens the settings in a dialog (the narrow-screen layout)', async () => {
    renderView();
    // jsdom applies no media queries, so the narrow-only button counts as hidden here.
    await userEvent.click(screen.getByRole('button', { name: '打开设置', hidden: true }));
    const dialog = screen.getByRole('dialog', { name: '设置' });
    expect(within(dialog).getByRole('combobox', { name: '模型' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('gpt-4o-mini');
    expect(within(dialog).getByRole('slider', { name: '温度' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('系统提示词')).toHaveValue('be helpful');
  });
});

/** A client whose stream is driven step by step from the test. */
function fakeClient() {
  const requests: ChatCompletionRequest[] = [];
  let push: ((e: ChatStreamEvent | Error) => void) | undefined;
  async function* streamChat(request: ChatCompletionRequest): AsyncGenerator<ChatStreamEvent, void, void> {
    requests.push(request);
    const queue: (ChatStreamEvent | Error)[] = [];
    let wake: (() => void) | undefined;
    push = (e) => {
      queue.push(e);
      wake?.();
    };
    for (;;) {
      if (queue.length === 0) await new Promise<void>((r) => (wake = r));
      const next = queue.shift();
      if (next instanceof Error) throw next;
      if (next === undefined) continue;
      yield next;
      if (next.type === 'done') return;
    }
  }
  const client = {
    baseUrl: 'https://fake.example',
    scope: 'https://fake.example|test',
    mode: 'session',
    getGroups: jest.fn(async () => groups),
    getModels: jest.fn(async () => ['gpt-4o-mini', 'gpt-4o']),
    streamChat,
  } as unknown as SluiceClient;
  return { client, requests, emit: (e: ChatStreamEvent | Error) => act(() => push?.(e)) };
}

describe('ConnectedPlayground', () => {
  it('streams a reply token by token from the injected client', async () => {
    const { client, requests, emit } = fakeClient();
    render(<ConnectedPlayground client={client} />);
    // The default group is chosen once the groups arrive.
    await waitFor(() => expect(client.getModels).toHaveBeenCalledWith('default'));
    await userEvent.type(screen.getByRole('textbox', { name: '消息' }), '你好{Enter}');
    const list = screen.getByRole('list', { name: '对话消息' });
    const reply = () => within(list).getAllByRole('listitem').at(-1) as HTMLElement;
    await waitFor(() => expect(reply()).toHaveAttribute('data-status', 'loading'));
    expect(requests[0]).toMatchObject({ model: 'gpt-4o-mini', group: 'default', temperature: 0 });
    expect(requests[0]?.messages.at(-1)).toEqual({ role: 'user', content: '你好' });

    await emit({ type: 'delta', content: '你' });
    await waitFor(() => expect(reply()).toHaveTextContent('你'));
    expect(reply()).toHaveAttribute('data-status', 'incomplete');
    await emit({ type: 'delta', content: '好呀' });
    await waitFor(() => expect(reply()).toHaveTextContent('你好呀'));
    await emit({ type: 'done' });
    await waitFor(() => expect(reply()).toHaveAttribute('data-status', 'complete'));
  });

  it('marks the reply as an error when the stream fails', async () => {
    const { client, emit } = fakeClient();
    render(<ConnectedPlayground client={client} initialSettings={{ group: 'vip' }} />);
    await userEvent.type(screen.getByRole('textbox', { name: '消息' }), 'x{Enter}');
    await emit({ type: 'delta', content: '部分' });
    await emit(new SluiceApiError('network-error', 0));
    const reply = within(screen.getByRole('list', { name: '对话消息' })).getAllByRole('listitem').at(-1) as HTMLElement;
    await waitFor(() => expect(reply).toHaveAttribute('data-status', 'error'));
    expect(reply).toHaveTextContent('部分');
    expect(within(reply).getByRole('alert')).toHaveTextContent('错误：无法正常连接至服务器');
  });
  it('keeps the conversation and settings under storageKey across a remount', async () => {
    localStorage.removeItem('pg-test');
    const first = fakeClient();
    const view = render(<ConnectedPlayground client={first.client} storageKey="pg-test" initialSettings={{ group: 'vip' }} />);
    await userEvent.type(screen.getByRole('textbox', { name: '消息' }), '记住我{Enter}');
    await first.emit({ type: 'delta', content: '收到啦' });
    // Nothing is written while the reply streams.
    expect(localStorage.getItem('pg-test') ?? '').not.toContain('收到啦');
    await first.emit({ type: 'done' });
    await waitFor(() => expect(localStorage.getItem('pg-test')).toContain('收到啦'));
    view.unmount();

    const second = fakeClient();
    render(<ConnectedPlayground client={second.client} storageKey="pg-test" />);
    const items = within(screen.getByRole('list', { name: '对话消息' })).getAllByRole('listitem');
    expect(items.at(-2)).toHaveTextContent('记住我');
    expect(items.at(-1)).toHaveTextContent('收到啦');
    expect(items.at(-1)).toHaveAttribute('data-status', 'complete');
    // The group kept from the first visit is used again, and the history goes with the next question.
    await userEvent.type(screen.getByRole('textbox', { name: '消息' }), '再来{Enter}');
    await waitFor(() => expect(second.requests).toHaveLength(1));
    expect(second.requests[0]).toMatchObject({ group: 'vip' });
    expect(second.requests[0]?.messages.slice(-3)).toEqual([
      { role: 'user', content: '记住我' },
      { role: 'assistant', content: '收到啦' },
      { role: 'user', content: '再来' },
    ]);
    await second.emit({ type: 'done' });
    localStorage.removeItem('pg-test');
  });
});
