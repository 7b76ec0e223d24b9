// Storybook holds configuration only; every story lives beside its component in ui-kit.
import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig } from 'vite';

// Radix ships "use client" directives, which a client-only bundle drops on purpose.
const IGNORED_WARNINGS = new Set(['MODULE_LEVEL_DIRECTIVE']);

// Storybook's module-mocking plugin puts <script src="./vite-inject-mocker-entry.js"> into
// iframe.html, but a static build without sb.mock() emits no such file: every first story of a
// page (the Playground's Conversation, for one) requested a 404. Emit an empty module instead.
const MOCKER_ENTRY = 'vite-inject-mocker-entry.js';
const mockerEntryStub = {
  name: 'sluice-mocker-entry-stub',
  apply: 'build' as const,
  generateBundle(this: { emitFile(file: { type: 'asset'; fileName: string; source: string }): string }, _options: unknown, bundle: Record<string, unknown>) {
    if (!(MOCKER_ENTRY in bundle)) this.emitFile({ type: 'asset', fileName: MOCKER_ENTRY, source: 'export {};\n' });
  },
};

const config: StorybookConfig = {
  stories: ['../../ui-kit/src/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  addons: [],
  core: { disableTelemetry: true },
  // The preview frame names Storybook's own icon, so the browser does not ask for a missing /favicon.ico.
  previewHead: (head) => `${head}<link rel="icon" type="image/svg+xml" href="./favicon.svg" />`,
  viteFinal: (viteConfig) =>
    mergeConfig(viteConfig, {
      plugins: [mockerEntryStub],
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
