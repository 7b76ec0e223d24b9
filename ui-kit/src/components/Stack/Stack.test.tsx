import { render, screen } from '@testing-library/react';
import { lightTheme } from '../../theme/lightTheme';
import { Stack } from './Stack';

describe('Stack', () => {
  it('spaces children by a theme token and wraps rows', () => {
    render(
      <Stack direction="row" gap={2} data-testid="s">
        <span>a</span>
        <span>b</span>
      </Stack>,
    );
    const el = screen.getByTestId('s');
    expect(el).toHaveStyle({ display: 'flex', flexDirection: 'row', gap: lightTheme.space[2], flexWrap: 'wrap', alignItems: 'center' });
    expect(el).toHaveAttribute('data-direction', 'row');
  });

  it('stacks as a column by default without wrapping', () => {
    render(<Stack data-testid="s" as="section" />);
    const el = screen.getByTestId('s');
    expect(el.tagName).toBe('SECTION');
    expect(el).toHaveStyle({ flexDirection: 'column', gap: lightTheme.space[4], flexWrap: 'nowrap' });
  });
});
