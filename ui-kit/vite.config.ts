// Package build: ES modules in dist/, one file per source module so consumers' bundlers can
// drop unused components (package.json has "sideEffects": false). Peer and regular
// dependencies stay external; the consumer's bundler resolves them once. Declarations are
// emitted next to the JS by `tsc -p tsconfig.build.json`.
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

interface Manifest {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as Manifest;
const externalPackages = [
  ...Object.keys(manifest.peerDependencies ?? {}),
  ...Object.keys(manifest.dependencies ?? {}),
];

// Matches 'react' and subpaths such as 'react/jsx-runtime' or 'react-dom/client'.
const isExternal = (id: string): boolean =>
  externalPackages.some((pkg) => id === pkg || id.startsWith(`${pkg}/`));

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    target: 'es2022',
    lib: {
      entry: 'src/index.ts',
      formats: ['es'],
    },
    rollupOptions: {
      external: isExternal,
      output: {
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
      },
    },
  },
});
