import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, it } from 'vitest';
import { createTestContext, type TestContext } from './test/harness';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); }, 60000);
afterAll(async () => ctx?.close());

it('probe', async () => {
  const show = async (o: any) => { const r = await ctx.app.inject(o); console.log(o.url, o.headers?.['content-type'] ?? '', r.statusCode, r.headers['content-type'], r.body.slice(0, 200)); };
  await show({ method: 'GET', url: '/api/catalogue/packages/%E0%A4%A' });
  await show({ method: 'GET', url: `/api/orders/${'a'.repeat(300)}/receipt` });
  await show({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json; foo=bar' }, payload: '{}' });
  await show({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json; charset=latin1' }, payload: '{}' });
  await show({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json; charset=utf-8' }, payload: '{}' });
  await show({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json;' }, payload: '{}' });
  await show({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: '{}' });
  await show({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{bad' });
  await show({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': '%%%' }, payload: '{}' });
  await show({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: 'x'.repeat(300000) });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (ctx.app.server.address() as any).port;
  await new Promise<void>((res) => {
    const s = connect(port, '127.0.0.1', () => { s.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nAccept-Language: de\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`); });
    let d = ''; s.on('data', (c) => { d += c; }); s.on('end', () => { console.log('RAW', JSON.stringify(d)); res(); }); s.on('error', (e) => { console.log('ERR', e.message); res(); });
  });
  await new Promise<void>((res) => {
    const s = connect(port, '127.0.0.1', () => { s.write(`GET /api/he alth HTTP/1.1\r\nHost: x\r\n\r\n`); });
    let d = ''; s.on('data', (c) => { d += c; }); s.on('end', () => { console.log('RAW2', JSON.stringify(d)); res(); }); s.on('error', (e) => { console.log('ERR', e.message); res(); });
  });
});
