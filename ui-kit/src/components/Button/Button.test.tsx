import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { darkTheme } from '../../theme/darkTheme';
import { lightTheme } from '../../theme/lightTheme';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Button } from './Button';

describe('Button', () => {
  it('renders a type="button" by default and calls onClick', async () => {
    const onClick = jest.fn();
    render(<Button onClick={onClick}>保存</Button>);
    const button = screen.getByRole('button', { name: '保存' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('data-state', 'idle');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is activated from the keyboard', async () => {
    const onClick = jest.fn();
    render(<Button onClick={onClick}>OK</Button>);
    await userEvent.tab();
    expect(screen.getByRole('button')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('does not fire onClick while loading and marks itself busy', async () => {
    const onClick = jest.fn();
    render(
      <Button loading onClick={onClick}>
        提交
      </Button>,
    );
    const button = screen.getByRole('button', { name: '提交' });
    expect(button).toHaveAttribute('data-state', 'loading');
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('does not fire onClick when disabled', async () => {
    const onClick = jest.fn();
    render(
      <Button disabled onClick={onClick}>
        x
      </Button>,
    );
    expect(screen.getByRole('button')).toHaveAttribute('data-state', 'disabled');
    await userEvent.click(screen.getByRole('button'));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('forwards refs, className and extra props', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} className="extra" data-testid="b" type="submit">
        x
      </Button>,
    );
    expect(ref.current).toBe(screen.getByTestId('b'));
    expect(ref.current).toHaveClass('extra');
    expect(ref.current).toHaveAttribute('type', 'submit');
  });

  it('primary uses the theme primary colour, in light and dark', () => {
    render(<Button variant="primary">light</Button>);
    expect(screen.getByRole('button', { name: 'light' })).toHaveStyle({
      background: lightTheme.colors.primary,
    });
    renderWithTheme(<Button variant="primary">dark</Button>, { mode: 'dark' });
    expect(screen.getByRole('button', { name: 'dark' })).toHaveStyle({
      background: darkTheme.colors.primary,
    });
  });

  it('tone changes the colour of a variant', () => {
    render(
      <Button variant="primary" tone="danger">
        删除
      </Button>,
    );
    expect(screen.getByRole('button')).toHaveStyle({ background: lightTheme.colors.danger });
  });
});
