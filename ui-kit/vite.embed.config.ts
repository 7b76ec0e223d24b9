// Stand-alone embed bundle: one IIFE with React, styled-components and swr inside, for a
// plain <script> tag on any page (dist/embed/sluice-embed.js). The package build
// (vite.config.ts) keeps those as peers instead.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // Library mode leaves process.env alone; the bundle runs where `process` does not exist.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/embed',
    emptyOutDir: true,
    sourcemap: false,
    minify: true,
    target: 'es2020',
    lib: {
      entry: 'src/embed/index.ts',
      name: 'SluiceEmbed',
      formats: ['iife'],
      fileName: () => 'sluice-embed.js',
    },
  },
});
