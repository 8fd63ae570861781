import { accessDecision, type TokenKind, tokenKinds } from '@esim/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillParams, signInAs, signInEveryKind } from '../../test/callers';
import { createTestContext, type TestContext } from '../../test/harness';
import { type RouteRule, registerAccessGuard } from './auth.guard';

// Issue 13: every API operation × every token kind, expected allow or deny from the rule the route declares
// (the same data the guard enforces). A route without a rule cannot even register (last test).
let ctx: TestContext;
let callers: Record<TokenKind, Record<string, string>>;

beforeAll(async () => {
  ctx = await createTestContext();
  callers = await signInEveryKind(ctx);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const guardCodes = new Set(['UNAUTHORIZED', 'FORBIDDEN', 'TOKEN_EXPIRED']);

const call = async (rule: RouteRule, headers: Record<string, string>) => {
  const withBody = rule.method !== 'GET' && rule.method !== 'DELETE';
  const response = await ctx.app.inject({
    method: rule.method as 'GET',
    url: fillParams(rule.url),
    headers: {
      'accept-language': 'en',
      ...headers,
      ...(withBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(withBody ? { payload: '{}' } : {}),
  });
  const body = String(response.headers['content-type'] ?? '').includes('json') ? response.json() : {};
  return { status: response.statusCode, code: (body as { code?: string }).code };
};

describe('authorization matrix', () => {
  it('enumerates every API route with its declared rule', () => {
    const rules = ctx.app.routeRules.filter((r) => r.method !== 'HEAD');
    expect(rules.length).toBeGreaterThan(40);
    // Areas by prefix: a staff, portal or customer route that is open to others must be listed here on purpose.
    const openOnPurpose = new Set([
      'POST /api/staff/auth/login',
      'POST /api/portal/auth/login',
      'POST /api/portal/auth/register',
      'POST /api/portal/auth/verify-email',
    ]);
    for (const rule of rules) {
      const name = `${rule.method} ${rule.url}`;
      if (openOnPurpose.has(name)) continue;
      if (rule.url.startsWith('/api/staff/')) expect(accessDecision(rule.access, 'customer'), name).toBe(403);
      if (rule.url.startsWith('/api/portal/'))
        expect(accessDecision(rule.access, 'shop'), name).toBe('allow');
      if (rule.url.startsWith('/api/portal/'))
        expect(accessDecision(rule.access, 'customer'), name).toBe(403);
      if (rule.url.startsWith('/api/account/')) expect(accessDecision(rule.access, 'shop'), name).toBe(403);
    }
  });

  it('answers every operation for every token kind as its rule says', async () => {
    const rules = ctx.app.routeRules.filter((r) => r.method !== 'HEAD');
    const mismatches: string[] = [];
    let calls = 0;
    for (const rule of rules) {
      for (const kind of tokenKinds) {
        const expected = accessDecision(rule.access, kind);
        // Refresh and logout act on the token they get: each such call gets a fresh sign-in.
        const headers = rule.access === 'session' ? await signInAs(ctx, kind) : callers[kind];
        const { status, code } = await call(rule, headers);
        calls++;
        const denied = (status === 401 || status === 403) && code !== undefined && guardCodes.has(code);
        const ok = expected === 'allow' ? !denied : status === expected && denied;
        if (!ok)
          mismatches.push(
            `${rule.method} ${rule.url} as ${kind}: expected ${expected}, got ${status} ${code}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
    expect(calls).toBe(rules.length * tokenKinds.length);
  }, 300_000);

  it('refuses to register an API route that declares no rule', async () => {
    const app = Fastify();
    registerAccessGuard(app, ctx.deps);
    expect(() => app.get('/api/new-endpoint', async () => ({ ok: true }))).toThrow(
      'GET /api/new-endpoint declares no access rule',
    );
    app.get('/api/ruled', { config: { access: 'public' } }, async () => ({ ok: true }));
    expect(app.routeRules).toEqual([
      { method: 'GET', url: '/api/ruled', access: 'public' },
      { method: 'HEAD', url: '/api/ruled', access: 'public' },
    ]);
    await app.close();
  });
});
