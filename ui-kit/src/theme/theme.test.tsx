import { render, screen } from '@testing-library/react';
import { styled } from 'styled-components';
import { darkTheme } from './darkTheme';
import { lightTheme } from './lightTheme';
import { resolveTheme, th, useSluiceTheme } from './resolveTheme';
import { SluiceThemeProvider } from './SluiceThemeProvider';
import type { ColorToken, SluiceTheme } from './types';

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => {
    const v = parseInt(c ?? '0', 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Text token on background token pairs that must reach 4.5:1 (WCAG AA, normal text). */
const textPairs: ReadonlyArray<readonly [text: ColorToken, background: ColorToken, what: string]> = [
  ...(['primary', 'success', 'warning', 'danger', 'info'] as const).map(
    (c) => [c, `${c}Subtle`, `soft ${c} Tag`] as const,
  ),
  ['onPrimary', 'primary', 'primary Button'],
  ['onPrimary', 'primaryHover', 'primary Button, hovered'],
  ['onDanger', 'danger', 'danger primary Button'],
  ['onDanger', 'dangerHover', 'danger primary Button, hovered'],
  ['onSuccess', 'success', 'success primary Button'],
  ['onSuccess', 'successHover', 'success primary Button, hovered'],
  ['onWarning', 'warning', 'warning primary Button'],
  ['onWarning', 'warningHover', 'warning primary Button, hovered'],
  ['onInfo', 'info', 'info fill'],
  ['onInfo', 'infoHover', 'info fill, hovered'],
  // Tone text buttons of a table row (Disable, Delete, Enable) over the row's hover, selected and
  // greyed fills: a hovered row's "Disable" was 4.47:1 in the light theme.
  ...(['primary', 'success', 'warning', 'danger', 'info'] as const).flatMap((c) => [
    [c, 'bgHover', `${c} text on a hovered table row`] as const,
    [c, 'primarySubtle', `${c} text on a selected table row`] as const,
    [c, 'rowDisabled', `${c} text on a greyed table row`] as const,
  ]),
  ['textSecondary', 'bg', 'secondary text on the page'],
  ['textSecondary', 'bgElevated', 'secondary text on cards and popovers'],
];

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

  it.each([
    ['light', lightTheme],
    ['dark', darkTheme],
  ] as Array<[string, SluiceTheme]>)('%s: text colours reach 4.5:1 on their fills', (_mode, theme) => {
    const failing = textPairs
      .map(([text, bg, what]) => ({ what, text, bg, ratio: contrast(theme.colors[text], theme.colors[bg]) }))
      .filter((p) => p.ratio < 4.5)
      .map((p) => `${p.what}: ${p.text} on ${p.bg} is ${p.ratio.toFixed(2)}:1`);
    expect(failing).toEqual([]);
  });

  it('computes WCAG contrast', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
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
