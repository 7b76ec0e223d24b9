import { renderWithTheme } from '../../test/renderWithTheme';
import { Snow } from './Snow';

describe('Snow', () => {
  it('renders nothing while inactive', () => {
    const { container } = renderWithTheme(<Snow active={false} />);
    expect(container.querySelector('[data-snow]')).toBeNull();
  });

  it('renders the asked number of decorative flakes, hidden from assistive technology', () => {
    const { container } = renderWithTheme(<Snow active flakes={12} />);
    const layer = container.querySelector('[data-snow]');
    expect(layer).not.toBeNull();
    expect(layer?.getAttribute('aria-hidden')).toBe('true');
    expect(layer?.children).toHaveLength(12);
  });

  it('places flakes the same way on every render', () => {
    const a = renderWithTheme(<Snow active flakes={3} />).container.innerHTML;
    const b = renderWithTheme(<Snow active flakes={3} />).container.innerHTML;
    expect(a).toBe(b);
  });
});
