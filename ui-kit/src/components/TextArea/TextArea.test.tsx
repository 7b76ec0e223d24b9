import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextArea } from './TextArea';

describe('TextArea', () => {
  it('accepts multi-line text', async () => {
    const onValueChange = jest.fn();
    render(<TextArea aria-label="提示词" onValueChange={onValueChange} />);
    await userEvent.type(screen.getByRole('textbox'), 'a{Enter}b');
    expect(onValueChange).toHaveBeenLastCalledWith('a\nb');
  });

  it('counts characters against maxLength', async () => {
    render(<TextArea aria-label="x" showCount maxLength={10} defaultValue="abc" />);
    expect(screen.getByText('3 / 10')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox'), 'de');
    expect(screen.getByText('5 / 10')).toBeInTheDocument();
  });

  it('counts a controlled value', () => {
    render(<TextArea aria-label="x" showCount value="你好" onChange={() => undefined} />);
    expect(screen.getByText('2')).toBeInTheDocument();
  });

  it('forwards ref, className, data-state and aria-invalid', () => {
    const ref = createRef<HTMLTextAreaElement>();
    render(<TextArea ref={ref} aria-label="x" className="frame" status="error" />);
    expect(ref.current).toBe(screen.getByRole('textbox'));
    expect(ref.current).toHaveAttribute('aria-invalid', 'true');
    expect(ref.current?.parentElement).toHaveClass('frame');
    expect(ref.current?.parentElement).toHaveAttribute('data-state', 'error');
  });

  it('auto-resize sets an explicit height from the content', async () => {
    render(<TextArea aria-label="x" resize="auto" />);
    const area = screen.getByRole('textbox');
    Object.defineProperty(area, 'scrollHeight', { configurable: true, value: 120 });
    await userEvent.type(area, 'x');
    expect(area.style.height).toBe('120px');
  });
});
