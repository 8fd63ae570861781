import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const expectEnvelope = (
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  code: string,
) => {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  expect(body.code).toBe(code);
  return body.message as string;
};

describe('errors the framework finds before routing', () => {
  it('answers a malformed URL escape with a translated 400 envelope that does not echo the URL', async () => {
    for (const url of ['/api/catalogue/packages/%E0%A4%A', '/%zz', '/api/orders/%c0%af/receipt']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'de' } });
      expect(expectEnvelope(response, 400, 'BAD_REQUEST')).toBe('Die Anfrage konnte nicht gelesen werden.');
      expect(response.body).not.toContain('%');
    }
  });

  it('answers a path parameter past the length limit with a 404 envelope, URL not echoed', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${'x'.repeat(500)}/receipt`,
      headers: { 'accept-language': 'en' },
    });
    expect(expectEnvelope(response, 404, 'NOT_FOUND')).toBe(
      'The page or item you are looking for does not exist.',
    );
    expect(response.body).not.toContain('xxxx');
  });
});

describe('content types', () => {
  const login = (contentType: string, payload = '{"email":"a@b.example","password":"x"}') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': contentType, 'accept-language': 'en' },
      payload,
    });

  it('refuses JSON with another charset or extra parameters, text and malformed types with 415', async () => {
    for (const type of [
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/json; foo=bar',
      'application/json; charset=utf-8; boundary=x',
      'application/json;',
      'text/plain',
      'text/plain; charset=utf-8',
      '%%%',
      'application/',
      'application/xml',
    ]) {
      expect(expectEnvelope(await login(type), 415, 'UNSUPPORTED_MEDIA_TYPE'), type).toBe(
        'This type of content is not supported.',
      );
    }
  });

  it('reads JSON with no parameter or with charset=utf-8 (any case, quoted)', async () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON; Charset="UTF-8"',
    ]) {
      // Unknown account: the login itself answers, so the body was read.
      expect((await login(type)).statusCode, type).toBe(401);
    }
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    expectEnvelope(await login('application/json', '{"email":'), 400, 'BAD_REQUEST');
  });
});

describe('errors before there is a request (raw socket)', () => {
  let port = 0;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });

  const raw = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk;
      });
      socket.on('close', () => resolve(data));
      socket.on('error', (error) => (data ? resolve(data) : reject(error)));
    });

  const parse = (answer: string) => {
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    return { head, body: JSON.parse(body) as Record<string, unknown> };
  };

  it('answers headers that are too large with 431 and the envelope, in the language asked for', async () => {
    const answer = await raw(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nAccept-Language: fr\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const { head, body } = parse(answer);
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(body).toEqual({
      code: 'HEADERS_TOO_LARGE',
      message: 'Les en-têtes de la requête sont trop volumineux.',
    });
  });

  it('answers a malformed request line with 400 and the envelope', async () => {
    const { head, body } = parse(await raw('GET /api/he alth HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(body).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('text that cannot be stored (one rule for every endpoint)', () => {
  const post = (url: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url, headers: { 'accept-language': 'en' }, payload: payload as object });

  it('answers NUL, other control characters and unpaired surrogates with 422 on the field', async () => {
    for (const bad of [
      'a\u0000b@example.com',
      'a\u0007@example.com',
      'x\u009b@example.com',
      '\uD800@example.com',
    ]) {
      const response = await post('/api/auth/login', { email: bad, password: 'whatever1' });
      expect(response.statusCode, JSON.stringify(bad)).toBe(422);
      expect(response.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Please check the highlighted fields.',
        errors: { email: ['E-mail contains characters that are not allowed'] },
      });
    }
  });

  it('applies to every field of every endpoint: forms, nested values, keys, query strings', async () => {
    const contact = await post('/api/contact', {
      fullName: 'Drita\u0000',
      email: 'drita@example.com',
      title: 'Hello',
      message: 'A message\u001b[31m long enough',
      humanProof: 'x',
    });
    expect(contact.statusCode).toBe(422);
    expect(Object.keys(contact.json().errors).sort()).toEqual(['fullName', 'message']);
    const nested = await post('/api/orders', { packageSlug: 'x', attribution: { utmSource: '\uDC00' } });
    expect(nested.statusCode).toBe(422);
    expect(nested.json().errors).toHaveProperty(['attribution.utmSource']);
    const key = await post('/api/auth/login', { email: 'a@b.example', password: 'whatever1', 'x\u0000': 1 });
    expect(key.statusCode).toBe(422);
    const query = await ctx.app.inject({ method: 'GET', url: '/api/catalogue/search?q=al%00' });
    expect(query.statusCode).toBe(422);
  });

  it('keeps tabs and line breaks in multi-line fields and passwords, and every real character', async () => {
    const response = await post('/api/auth/login', {
      email: 'drita@example.com',
      password: 'tab\there\nnew line 😀 ë ß',
    });
    // Unknown account: the text itself was accepted.
    expect(response.statusCode).toBe(401);
    const contact = await post('/api/contact', {
      fullName: 'Drita Hoxha',
      email: 'drita@example.com',
      title: 'Hello',
      message: 'First line\r\nsecond line\n\tindented 😀',
      humanProof: 'x',
    });
    // Past validation: only the human check refuses it.
    expect(contact.json().code).toBe('HUMAN_VERIFICATION_FAILED');
  });

  it('refuses tab and line breaks in single-line fields, queries and keys (one rule, not per field)', async () => {
    const contact = await post('/api/contact', {
      fullName: 'Drita\nHoxha',
      email: 'drita@example.com',
      title: 'Hello\tthere',
      message: 'Line one\nLine two',
      humanProof: 'x',
    });
    expect(contact.statusCode).toBe(422);
    expect(contact.json().errors).toEqual({
      fullName: ['Full name contains characters that are not allowed'],
      title: ['Title contains characters that are not allowed'],
    });
    const login = await post('/api/auth/login', { email: 'drita@example.com\r\n', password: 'whatever1' });
    expect(login.json().errors).toEqual({ email: ['E-mail contains characters that are not allowed'] });
    const nested = await post('/api/orders', { packageSlug: 'x', attribution: { utmSource: 'a\tb' } });
    expect(nested.json().errors).toHaveProperty(['attribution.utmSource']);
    const key = await post('/api/auth/login', { email: 'a@b.example', password: 'whatever1', 'x\ny': 1 });
    expect(key.statusCode).toBe(422);
    const query = await ctx.app.inject({ method: 'GET', url: '/api/catalogue/search?q=al%0Abania' });
    expect(query.statusCode).toBe(422);
  });
});

describe('request bodies as strict as the OpenAPI document', () => {
  type Schema = {
    type?: string | string[];
    properties?: Record<string, Schema>;
    additionalProperties?: unknown;
    items?: Schema;
    anyOf?: Schema[];
    allOf?: Schema[];
    oneOf?: Schema[];
    $ref?: string;
  };

  it('documents every JSON request body object with additionalProperties: false', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema: Schema }> } }>
      >;
      components?: { schemas?: Record<string, Schema> };
    };
    const resolve = (schema: Schema): Schema =>
      schema.$ref ? resolve(doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''] ?? {}) : schema;
    const loose: string[] = [];
    const walk = (schema: Schema, where: string) => {
      const s = resolve(schema);
      if (s.properties) {
        if (s.additionalProperties !== false) loose.push(where);
        for (const [key, value] of Object.entries(s.properties)) walk(value, `${where}.${key}`);
      }
      if (s.items) walk(s.items, `${where}[]`);
      for (const part of [...(s.anyOf ?? []), ...(s.allOf ?? []), ...(s.oneOf ?? [])]) walk(part, where);
    };
    let bodies = 0;
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(operations)) {
        const json = operation.requestBody?.content?.['application/json'];
        if (!json) continue;
        bodies += 1;
        walk(json.schema, `${method.toUpperCase()} ${path}`);
      }
    expect(bodies).toBeGreaterThan(10);
    expect(loose).toEqual([]);
  });

  it('refuses unknown fields with 422, such as a price on an order', async () => {
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'accept-language': 'en' },
      payload: {
        packageSlug: 'anything',
        fullName: 'Drita Hoxha',
        email: 'drita@example.com',
        phoneNumber: '+355691234567',
        price: 1,
        quantity: 5,
        totalCents: 0,
      },
    });
    expect(order.statusCode).toBe(422);
    expect(order.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(Object.keys(order.json().errors).sort()).toEqual(['price', 'quantity', 'totalCents'].sort());
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.example', password: 'whatever1', role: 'admin' },
    });
    expect(login.statusCode).toBe(422);
  });
});
