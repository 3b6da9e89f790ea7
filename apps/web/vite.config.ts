import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The API server (apps/server) listens on 3000 in development; the built app is served by it in production. */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Spec 1 §7: lazily loaded pages are fetched from /build/.
    assetsDir: 'build',
    rollupOptions: {
      output: {
        // Libraries change far less often than our code: separate chunks stay cached across deploys.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'vendor-react';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
