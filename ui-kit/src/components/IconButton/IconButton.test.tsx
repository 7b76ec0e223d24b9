import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CloseIcon } from '../../internal/icons';
import { lightTheme } from '../../theme/lightTheme';
import { IconButton } from './IconButton';

describe('IconButton', () => {
  it('is named by aria-label and clickable', async () => {
    const onClick = jest.fn();
    render(<IconButton icon={<CloseIcon />} aria-label="关闭" onClick={onClick} />);
    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is square: width equals the control height of its size', () => {
    render(<IconButton icon={<CloseIcon />} aria-label="x" size="lg" />);
    expect(screen.getByRole('button')).toHaveStyle({
      height: lightTheme.sizes.control.lg,
      minWidth: lightTheme.sizes.control.lg,
    });
  });

  it('ignores clicks while loading and marks itself busy, like Button', async () => {
    const onClick = jest.fn();
    render(<IconButton icon={<CloseIcon />} aria-label="x" loading onClick={onClick} />);
    expect(screen.getByRole('button')).toHaveAttribute('data-state', 'loading');
    expect(screen.getByRole('button')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('button'));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('forwards ref and className', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<IconButton ref={ref} className="c" icon={<CloseIcon />} aria-label="x" shape="circle" />);
    expect(ref.current).toHaveClass('c');
    expect(ref.current).toHaveStyle({ borderRadius: lightTheme.radii.round });
  });
});
