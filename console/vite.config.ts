import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console is served by the server from console/dist; in development Vite proxies the API.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', manifest: true },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/v1': 'http://localhost:3000',
      '/pg': 'http://localhost:3000',
    },
  },
});
