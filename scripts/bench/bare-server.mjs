// The yardstick for bench:api: a Fastify route that does nothing but answer JSON.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3702) });
