// Test helper: render inside the kit's providers, in a chosen theme and locale.
import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { I18nProvider } from '../i18n/I18nProvider';
import type { Locale } from '../i18n/types';
import { SluiceThemeProvider } from '../theme/SluiceThemeProvider';
import type { ThemeMode } from '../theme/types';

export interface RenderWithThemeOptions extends Omit<RenderOptions, 'wrapper'> {
  mode?: ThemeMode;
  locale?: Locale;
}

export function KitProviders({
  mode = 'light',
  locale = 'zh-CN',
  children,
}: {
  mode?: ThemeMode;
  locale?: Locale;
  children?: ReactNode;
}) {
  return (
    <SluiceThemeProvider mode={mode}>
      <I18nProvider locale={locale}>{children}</I18nProvider>
    </SluiceThemeProvider>
  );
}

export function renderWithTheme(
  ui: ReactElement,
  { mode = 'light', locale = 'zh-CN', ...options }: RenderWithThemeOptions = {},
): RenderResult {
  return render(ui, {
    wrapper: ({ children }) => (
      <KitProviders mode={mode} locale={locale}>
        {children}
      </KitProviders>
    ),
    ...options,
  });
}
