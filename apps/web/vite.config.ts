import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    // Never inline assets as data: URIs: the Content-Security-Policy allows images from our origin only.
    assetsInlineLimit: 0,
  },
  server: {
    port: 3000,
    // `react-router dev` talks to a running API (scripts/start.mjs) for /api.
    proxy: { '/api': process.env.API_ORIGIN ?? 'http://localhost:3100' },
  },
});
