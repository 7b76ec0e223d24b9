import { createRef, useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Select } from './Select';
import { buildItems, defaultFilter, findByPrefix, moveIndex, type SelectOption } from './selectLogic';

const models: SelectOption[] = [
  { value: 'gpt-4o', label: 'GPT-4o', group: 'OpenAI' },
  { value: 'gpt-4o-mini', label: 'GPT-4o mini', group: 'OpenAI' },
  { value: 'o3', label: 'o3', group: 'OpenAI', disabled: true },
  { value: 'claude-sonnet-4', label: 'Claude Sonnet 4', group: 'Anthropic' },
  { value: 'gemini-2.5-pro', label: 'Gemini 2.5 Pro', group: 'Google' },
];

describe('selectLogic', () => {
  it('filters by label or value, case-insensitively', () => {
    const items = buildItems(models, 'CLAUDE', { creatable: false, filter: defaultFilter });
    expect(items.map((i) => i.value)).toEqual(['claude-sonnet-4']);
  });

  it('adds a create row only for new text', () => {
    expect(buildItems(models, 'my-model', { creatable: true, filter: defaultFilter })[0]).toEqual({
      kind: 'create',
      value: 'my-model',
    });
    expect(buildItems(models, 'gpt-4o', { creatable: true, filter: defaultFilter })[0]?.kind).toBe('option');
  });

  it('moves past disabled rows and wraps', () => {
    const items = buildItems(models, '', { creatable: false, filter: defaultFilter });
    expect(moveIndex(items, 1, 1)).toBe(3);
    expect(moveIndex(items, 4, 1)).toBe(0);
    expect(moveIndex(items, 0, -1)).toBe(4);
    expect(findByPrefix(items, 'gem', 0)).toBe(4);
  });
});

describe('Select (single)', () => {
  it('opens on click, picks an option and closes', async () => {
    const onValueChange = jest.fn();
    render(<Select aria-label="模型" options={models} onValueChange={onValueChange} />);
    const combo = screen.getByRole('combobox', { name: '模型' });
    expect(combo).toHaveTextContent('请选择');
    await userEvent.click(combo);
    expect(combo).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('option', { name: 'Claude Sonnet 4' }));
    expect(onValueChange).toHaveBeenCalledWith('claude-sonnet-4');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combo).toHaveTextContent('Claude Sonnet 4');
    expect(combo).toHaveFocus();
  });

  it('is fully keyboard operable and skips disabled options', async () => {
    const onValueChange = jest.fn();
    render(<Select aria-label="模型" options={models} onValueChange={onValueChange} />);
    await userEvent.tab();
    const combo = screen.getByRole('combobox');
    expect(combo).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    const active = () => document.getElementById(combo.getAttribute('aria-activedescendant') ?? '');
    expect(active()).toHaveTextContent('GPT-4o');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toHaveTextContent('Claude Sonnet 4');
    await userEvent.keyboard('{Enter}');
    expect(onValueChange).toHaveBeenLastCalledWith('claude-sonnet-4');
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{End}');
    expect(active()).toHaveTextContent('Gemini 2.5 Pro');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onValueChange).toHaveBeenCalledTimes(1);
  });

  it('highlights the current value when reopened and supports typeahead', async () => {
    render(<Select aria-label="m" options={models} defaultValue="gpt-4o-mini" />);
    const combo = screen.getByRole('combobox');
    combo.focus();
    await userEvent.keyboard('{ArrowDown}');
    const active = () => document.getElementById(combo.getAttribute('aria-activedescendant') ?? '');
    expect(active()).toHaveTextContent('GPT-4o mini');
    expect(active()).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('g');
    expect(active()).toHaveTextContent('Gemini 2.5 Pro');
  });

  it('filters with search and shows the empty text', async () => {
    render(<Select aria-label="m" options={models} searchable />);
    const input = screen.getByRole('combobox');
    await userEvent.type(input, '4o mini');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('GPT-4o mini')).toBeInTheDocument();
    await userEvent.type(input, 'zzz');
    expect(screen.getByText('无匹配项')).toBeInTheDocument();
  });

  it('clears the value', async () => {
    const onValueChange = jest.fn();
    render(<Select aria-label="m" options={models} defaultValue="o3" clearable onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('button', { name: '清除选择' }));
    expect(onValueChange).toHaveBeenCalledWith(null);
    expect(screen.getByRole('combobox')).toHaveTextContent('请选择');
  });

  it('does not open when disabled', async () => {
    render(<Select aria-label="m" options={models} disabled />);
    await userEvent.click(screen.getByRole('combobox'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('forwards ref/className to the frame, exposes data-state and hidden form input', async () => {
    const ref = createRef<HTMLDivElement>();
    const { container } = render(
      <Select ref={ref} aria-label="m" options={models} className="f" name="model" defaultValue="o3" />,
    );
    expect(ref.current).toHaveClass('f');
    expect(ref.current).toHaveAttribute('data-state', 'closed');
    expect(container.querySelector('input[type="hidden"][name="model"]')).toHaveValue('o3');
    await userEvent.click(screen.getByRole('combobox'));
    expect(ref.current).toHaveAttribute('data-state', 'open');
  });
});

describe('Select (multiple, creatable)', () => {
  function Models({ onCreate }: { onCreate?: (v: string) => void }) {
    const [value, setValue] = useState<string[]>(['gpt-4o']);
    return (
      <>
        <Select aria-label="可用模型" mode="multiple" creatable options={models} value={value} onValueChange={setValue} onCreate={onCreate} />
        <output data-testid="value">{value.join(',')}</output>
      </>
    );
  }

  it('toggles several options and keeps the list open', async () => {
    render(<Models />);
    const input = screen.getByRole('combobox');
    await userEvent.click(input);
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');
    await userEvent.click(screen.getByRole('option', { name: 'Claude Sonnet 4' }));
    await userEvent.click(screen.getByRole('option', { name: 'GPT-4o' }));
    expect(screen.getByTestId('value')).toHaveTextContent(/^claude-sonnet-4$/);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('creates a custom model name from typed text', async () => {
    const onCreate = jest.fn();
    render(<Models onCreate={onCreate} />);
    const input = screen.getByRole('combobox');
    await userEvent.type(input, 'deepseek-chat');
    expect(screen.getByRole('option', { name: '使用“deepseek-chat”' })).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(onCreate).toHaveBeenCalledWith('deepseek-chat');
    expect(screen.getByTestId('value')).toHaveTextContent('gpt-4o,deepseek-chat');
    expect(input).toHaveValue('');
  });

  it('removes tags with Backspace and with their remove button', async () => {
    render(<Models />);
    const input = screen.getByRole('combobox');
    await userEvent.type(input, 'x-1{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('gpt-4o,x-1');
    await userEvent.keyboard('{Backspace}');
    expect(screen.getByTestId('value')).toHaveTextContent(/^gpt-4o$/);
    await userEvent.click(screen.getByRole('button', { name: '移除 GPT-4o' }));
    expect(screen.getByTestId('value')).toHaveTextContent(/^$/);
  });

  it('summarises tags beyond maxTagCount (English)', () => {
    renderWithTheme(
      <Select aria-label="m" mode="multiple" options={models} maxTagCount={1} defaultValue={['gpt-4o', 'o3', 'gemini-2.5-pro']} />,
      { locale: 'en' },
    );
    const frame = screen.getByRole('combobox').closest('[data-state]') as HTMLElement;
    expect(within(frame).getByText('+2')).toBeInTheDocument();
    expect(within(frame).getByRole('button', { name: 'Remove GPT-4o' })).toBeInTheDocument();
  });

  it('puts aria-required on the combobox, not on its frame', () => {
    renderWithTheme(<Select aria-label="Model" aria-required options={models} />);
    const combo = screen.getByRole('combobox');
    expect(combo).toHaveAttribute('aria-required', 'true');
    expect(combo.closest('[data-state]')).not.toHaveAttribute('aria-required');
  });
});
