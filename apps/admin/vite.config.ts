import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
// By path, not by package name: Vite loads the config before it can compile our TypeScript packages by name.
import { drawFlags } from '../../packages/ui/src/flags/draw-flags';

// `react-router dev` proxies /api to a running server (npm start serves it on the site origin).
export default defineConfig({
  plugins: [reactRouter(), drawFlags()],
  server: {
    port: 5174,
    proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' },
  },
});
