import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { darkTheme } from './darkTheme';
import { lightTheme } from './lightTheme';
import type { SluiceTheme, ThemeMode } from './types';

export interface SluiceThemeProviderProps {
  /** Pick a built-in set. Ignored when `theme` is given. Defaults to 'light'. */
  mode?: ThemeMode;
  /** A full custom theme, e.g. `{ ...lightTheme, colors: { ...lightTheme.colors, primary } }`. */
  theme?: SluiceTheme;
  children?: ReactNode;
}

export function themeForMode(mode: ThemeMode): SluiceTheme {
  switch (mode) {
    case 'light':
      return lightTheme;
    case 'dark':
      return darkTheme;
    default: {
      const unreachable: never = mode;
      throw new Error(`Unknown theme mode: ${String(unreachable)}`);
    }
  }
}

export function SluiceThemeProvider({ mode = 'light', theme, children }: SluiceThemeProviderProps) {
  return <ThemeProvider theme={theme ?? themeForMode(mode)}>{children}</ThemeProvider>;
}
