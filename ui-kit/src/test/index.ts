export { KitProviders, renderWithTheme } from './renderWithTheme';
export type { RenderWithThemeOptions } from './renderWithTheme';
