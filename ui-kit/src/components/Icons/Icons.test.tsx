import { render } from '@testing-library/react';
import * as internal from '../../internal/icons';
import * as icons from './index';

describe('Icons', () => {
  it('are decorative SVGs sized by the font and painted with currentColor', () => {
    for (const [name, Icon] of Object.entries(icons)) {
      if (typeof Icon !== 'function') continue;
      const { container, unmount } = render(<Icon data-testid={name} />);
      const svg = container.querySelector('svg');
      expect(svg).not.toBeNull();
      expect(svg?.getAttribute('aria-hidden')).toBe('true');
      expect(svg?.getAttribute('width')).toBe('1em');
      expect(svg?.getAttribute('stroke')).toBe('currentColor');
      unmount();
    }
  });

  it('pass props through (e.g. a title for a meaningful icon)', () => {
    const { container } = render(<icons.SunIcon aria-hidden={false} role="img" aria-label="light" />);
    expect(container.querySelector('svg')?.getAttribute('aria-label')).toBe('light');
  });

  it('are the kit\'s one icon set (the internal icons), not copies', () => {
    const published = Object.entries(icons).filter(([, Icon]) => typeof Icon === 'function');
    expect(published.length).toBeGreaterThan(0);
    for (const [name, Icon] of published) {
      expect(Icon).toBe((internal as Record<string, unknown>)[name]);
    }
  });
});
