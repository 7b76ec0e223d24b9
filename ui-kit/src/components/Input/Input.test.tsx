import { createRef, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Input } from './Input';

describe('Input', () => {
  it('types text and reports it through onChange and onValueChange', async () => {
    const onChange = jest.fn();
    const onValueChange = jest.fn();
    render(<Input aria-label="名称" onChange={onChange} onValueChange={onValueChange} />);
    await userEvent.type(screen.getByRole('textbox', { name: '名称' }), 'gpt');
    expect(onChange).toHaveBeenCalledTimes(3);
    expect(onValueChange).toHaveBeenLastCalledWith('gpt');
  });

  it('forwards the ref to the input and className to the frame', () => {
    const ref = createRef<HTMLInputElement>();
    render(<Input ref={ref} className="frame" aria-label="x" data-testid="native" />);
    expect(ref.current).toBe(screen.getByTestId('native'));
    expect(ref.current?.parentElement).toHaveClass('frame');
  });

  it('marks error status with aria-invalid and data-state', () => {
    render(<Input aria-label="x" status="error" />);
    const input = screen.getByRole('textbox');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.parentElement).toHaveAttribute('data-state', 'error');
  });

  it('clears an uncontrolled value and keeps focus', async () => {
    const onValueChange = jest.fn();
    render(<Input aria-label="x" clearable defaultValue="abc" onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('button', { name: '清除内容' }));
    expect(screen.getByRole('textbox')).toHaveValue('');
    expect(screen.getByRole('textbox')).toHaveFocus();
    expect(onValueChange).toHaveBeenLastCalledWith('');
    expect(screen.queryByRole('button', { name: '清除内容' })).not.toBeInTheDocument();
  });

  it('clears a controlled value through onChange', async () => {
    function Controlled() {
      const [value, setValue] = useState('sk-123');
      return <Input aria-label="x" clearable value={value} onValueChange={setValue} />;
    }
    render(<Controlled />);
    await userEvent.click(screen.getByRole('button', { name: '清除内容' }));
    expect(screen.getByRole('textbox')).toHaveValue('');
  });

  it('toggles password visibility with an accessible button (English labels)', async () => {
    renderWithTheme(<Input aria-label="pw" type="password" defaultValue="secret" />, {
      locale: 'en',
    });
    const input = screen.getByLabelText('pw');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('cannot be typed into when disabled', async () => {
    render(<Input aria-label="x" disabled clearable defaultValue="a" />);
    await userEvent.type(screen.getByRole('textbox'), 'b');
    expect(screen.getByRole('textbox')).toHaveValue('a');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox').parentElement).toHaveAttribute('data-state', 'disabled');
  });

  it('renders prefix and suffix', () => {
    render(<Input aria-label="x" prefix="$" suffix="USD" />);
    expect(screen.getByText('$')).toBeInTheDocument();
    expect(screen.getByText('USD')).toBeInTheDocument();
  });
});
