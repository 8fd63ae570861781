import type { Config } from '@react-router/dev/config';

// A single-page app: the Fastify server serves build/client with a fallback to index.html.
export default {
  appDirectory: 'app',
  ssr: false,
} satisfies Config;
