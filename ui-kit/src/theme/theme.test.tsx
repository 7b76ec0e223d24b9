import { render, screen } from '@testing-library/react';
import { styled } from 'styled-components';
import { darkTheme } from './darkTheme';
import { lightTheme } from './lightTheme';
import { resolveTheme, th, useSluiceTheme } from './resolveTheme';
import { SluiceThemeProvider } from './SluiceThemeProvider';

/** Every nested key path of an object, e.g. 'colors.primary', 'sizes.control.md'. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
}

const Probe = styled.div`
  color: ${th((t) => t.colors.text)};
  padding: ${th((t) => t.space[2])};
`;

function ModeProbe() {
  const theme = useSluiceTheme();
  return <span data-testid="mode">{theme.mode}</span>;
}

describe('theme', () => {
  it('light and dark sets have exactly the same shape', () => {
    expect(keyPaths(darkTheme).sort()).toEqual(keyPaths(lightTheme).sort());
  });

  it('uses a 4px spacing base', () => {
    expect(lightTheme.spaceBase).toBe(4);
    expect(lightTheme.space[1]).toBe('4px');
    expect(lightTheme.space[4]).toBe('16px');
  });

  it('lists Chinese fonts before the generic fallback', () => {
    const fonts = lightTheme.fonts.body;
    expect(fonts).toContain('"PingFang SC"');
    expect(fonts.indexOf('"Microsoft YaHei"')).toBeLessThan(fonts.indexOf('sans-serif'));
  });

  it('light and dark differ in surface and text colours', () => {
    expect(darkTheme.colors.bg).not.toBe(lightTheme.colors.bg);
    expect(darkTheme.colors.text).not.toBe(lightTheme.colors.text);
  });

  it('resolveTheme falls back to the light theme for an empty theme object', () => {
    expect(resolveTheme({})).toBe(lightTheme);
    expect(resolveTheme(undefined)).toBe(lightTheme);
    expect(resolveTheme(darkTheme)).toBe(darkTheme);
  });

  it('styled components render light tokens without a provider', () => {
    render(<Probe data-testid="probe" />);
    expect(screen.getByTestId('probe')).toHaveStyle({ color: lightTheme.colors.text, padding: '8px' });
  });

  it('the provider switches to dark tokens', () => {
    render(
      <SluiceThemeProvider mode="dark">
        <Probe data-testid="probe" />
        <ModeProbe />
      </SluiceThemeProvider>,
    );
    expect(screen.getByTestId('probe')).toHaveStyle({ color: darkTheme.colors.text });
    expect(screen.getByTestId('mode')).toHaveTextContent('dark');
  });

  it('a custom theme object wins over mode', () => {
    const custom = { ...lightTheme, colors: { ...lightTheme.colors, text: '#123456' } };
    render(
      <SluiceThemeProvider mode="dark" theme={custom}>
        <Probe data-testid="probe" />
      </SluiceThemeProvider>,
    );
    expect(screen.getByTestId('probe')).toHaveStyle({ color: '#123456' });
  });

  it('useSluiceTheme returns the light theme without a provider', () => {
    render(<ModeProbe />);
    expect(screen.getByTestId('mode')).toHaveTextContent('light');
  });
});
