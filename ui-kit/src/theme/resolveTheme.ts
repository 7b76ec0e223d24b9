// Theme access that works WITHOUT a provider.
//
// styled-components passes `theme = {}` when no <ThemeProvider> is mounted, which is the
// normal case for an embedded widget dropped into a host page. Every style function must
// therefore read tokens through `resolveTheme(theme)` (or the `th()` shorthand below), never
// `props.theme.colors...` directly. Hooks use `useSluiceTheme()`.
//
//   const StyledBox = styled.div<{ $tone: Tone }>`
//     padding: ${th((t) => t.space[2])};
//     color: ${({ theme, $tone }) => resolveTheme(theme).colors[$tone]};
//   `;
import { useContext } from 'react';
import { ThemeContext } from 'styled-components';
import { lightTheme } from './lightTheme';
import type { SluiceTheme } from './types';

function isSluiceTheme(value: unknown): value is SluiceTheme {
  return (
    typeof value === 'object' &&
    value !== null &&
    'colors' in value &&
    'space' in value &&
    'fontSizes' in value
  );
}

/** Returns the given theme when it is a full Sluice theme, otherwise the default light theme. */
export function resolveTheme(theme: unknown): SluiceTheme {
  return isSluiceTheme(theme) ? theme : lightTheme;
}

/** Shorthand for style interpolations: `${th((t) => t.colors.text)}`. */
export function th<R extends string | number>(
  pick: (t: SluiceTheme) => R,
): (props: { theme?: unknown }) => R {
  return ({ theme }) => pick(resolveTheme(theme));
}

/** Current theme for hooks and inline logic; light theme when no provider is mounted. */
export function useSluiceTheme(): SluiceTheme {
  return resolveTheme(useContext(ThemeContext));
}
