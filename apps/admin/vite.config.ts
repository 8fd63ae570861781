import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// `react-router dev` proxies /api to a running server (npm start serves it on the site origin).
export default defineConfig({
  plugins: [reactRouter()],
  server: {
    port: 5174,
    proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' },
  },
});
