// Global toolbar switches for theme and locale; every story renders inside the kit's own
// providers, exactly as the console mounts them.
import type { Decorator, Preview } from '@storybook/react-vite';
import {
  GlobalStyles,
  I18nProvider,
  SluiceThemeProvider,
  isLocale,
  type ThemeMode,
} from '@sluice/ui-kit';

const withKitProviders: Decorator = (Story, context) => {
  const mode: ThemeMode = context.globals.theme === 'dark' ? 'dark' : 'light';
  const locale = isLocale(context.globals.locale) ? context.globals.locale : 'zh-CN';
  return (
    <SluiceThemeProvider mode={mode}>
      <GlobalStyles />
      <I18nProvider locale={locale}>
        <Story />
      </I18nProvider>
    </SluiceThemeProvider>
  );
};

const preview: Preview = {
  decorators: [withKitProviders],
  globalTypes: {
    theme: {
      description: '主题 / Theme',
      toolbar: {
        title: 'Theme',
        icon: 'contrast',
        items: [
          { value: 'light', title: '浅色 Light' },
          { value: 'dark', title: '深色 Dark' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: '语言 / Locale',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'zh-CN', title: '简体中文' },
          { value: 'en', title: 'English' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', locale: 'zh-CN' },
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
  },
};

export default preview;
