import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

/** The API server (apps/server) listens on 3000 in development; the built app is served by it in production. */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

/**
 * The installable app: a web app manifest and a Workbox service worker that precaches the built app (shell and every
 * route's code), so a handheld that opened it online opens it again in a Wi-Fi dead spot. The worker is registered
 * by `lib/offline/register-service-worker.ts`, not injected: it never takes over a running page (no skipWaiting), so a
 * new version starts on the app's next start, never mid-task. API answers are not cached here.
 */
const installableApp = VitePWA({
  injectRegister: false,
  registerType: 'prompt',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
  manifest: {
    id: '/',
    name: 'WMS — warehouse floor and back office',
    short_name: 'WMS',
    description: 'Pick, pack, count, move and replenish on the warehouse floor; run orders and stock in the office.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#1565c0',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,wasm,woff2}'],
    // The camera scanner's WebAssembly reader is the largest file; the floor needs it offline too.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
  },
});

export default defineConfig({
  plugins: [react(), installableApp],
  // Which build is running: the app says "updated" once when a start runs another build than the last start did.
  define: { 'import.meta.env.VITE_APP_BUILD': JSON.stringify(process.env.APP_BUILD ?? new Date().toISOString()) },
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
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine, where the stage then kept the
    // CPU 63 % busy (scripts/test.sh prints it). Two: 64 → 42 s.
    maxWorkers: 2,
    restoreMocks: true,
  },
});
