export type {
  ColorToken,
  ControlSize,
  FontSizeKey,
  RadiusKey,
  ShadowKey,
  SluiceTheme,
  SpaceKey,
  ThemeMode,
  ZIndexKey,
} from './types';
export { lightTheme } from './lightTheme';
export { darkTheme } from './darkTheme';
export { resolveTheme, th, useSluiceTheme } from './resolveTheme';
export { SluiceThemeProvider, themeForMode } from './SluiceThemeProvider';
export type { SluiceThemeProviderProps } from './SluiceThemeProvider';
export { GlobalStyles } from './GlobalStyles';
export { baseText, focusRing, focusVisible, visuallyHidden } from './styleHelpers';
