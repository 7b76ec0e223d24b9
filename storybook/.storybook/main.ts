// Storybook holds configuration only; every story lives beside its component in ui-kit.
import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig } from 'vite';

// Radix ships "use client" directives, which a client-only bundle drops on purpose.
const IGNORED_WARNINGS = new Set(['MODULE_LEVEL_DIRECTIVE']);

const config: StorybookConfig = {
  stories: ['../../ui-kit/src/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  addons: [],
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) =>
    mergeConfig(viteConfig, {
      build: {
        // The preview bundle holds the whole kit; its size is not shipped to users.
        chunkSizeWarningLimit: 2048,
        rollupOptions: {
          onwarn(warning: { code?: string }, warn: (w: { code?: string }) => void) {
            if (warning.code !== undefined && IGNORED_WARNINGS.has(warning.code)) return;
            warn(warning);
          },
          checks: { pluginTimings: false },
        },
      },
    }),
};

export default config;
