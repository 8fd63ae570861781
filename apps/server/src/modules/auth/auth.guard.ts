import { type RouteAccess, type StaffRole, staffAccessRoles, tokenMessages } from '@esim/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { SessionRow, UserDetails } from './auth.repository';
import { type AuthDeps, authContext, authenticate } from './auth.service';
import { shopMay } from './shop-lifecycle';
import { bearerToken } from './tokens';

export type RequestAuth = { details: UserDetails; session: SessionRow };

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyInstance {
    /** Every guarded route and its declared rule, as registered (the authorization matrix reads it). */
    routeRules: RouteRule[];
  }
  interface FastifyContextConfig {
    /** Who may call the route (packages/contracts access.ts); every /api route declares one. */
    access?: RouteAccess;
  }
}

export type RouteRule = { method: string; url: string; access: RouteAccess };

/** API routes served by libraries, outside our contracts: the OpenAPI document and its UI. */
const libraryRoutes = ['/api/docs'];

const needsRule = (url: string) =>
  url.startsWith('/api/') && !libraryRoutes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

/** Routes the access rules cover; the authorization-matrix test enumerates the same set. */
export const isGuardedRoute = needsRule;

/**
 * One guard for every route, reading the rule the route declares (`config: { access }`). It runs at
 * preValidation, so an anonymous caller gets 401 before any field rules are revealed. A /api route without a
 * rule does not register: the app (and so the build's tests) fails with the route's name.
 */
export const registerAccessGuard = (app: FastifyInstance, deps: AuthDeps) => {
  const rules: RouteRule[] = [];
  app.decorate('routeRules', rules);
  app.addHook('onRoute', (route) => {
    if (!needsRule(route.url)) return;
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (!access)
      throw new Error(`${String(route.method)} ${route.url} declares no access rule (config.access)`);
    for (const method of [route.method].flat()) rules.push({ method, url: route.url, access });
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public' || access === 'session') return;
    const token = bearerToken(request.headers.authorization);
    if (!token && 'kinds' in access && access.optional) return;
    const auth = await authenticate(authContext(deps), token);
    const kind = auth.details.user.kind;
    // A valid token of another kind is refused with 403, so the client keeps its (valid) session.
    if ('kinds' in access) {
      if (!access.kinds.includes(kind)) throw new AppError('FORBIDDEN');
    } else {
      const role = auth.details.role?.name;
      if (kind !== 'staff' || !role || !staffAccessRoles[access.staff].includes(role as StaffRole))
        throw new AppError('FORBIDDEN');
    }
    request.auth = auth;
  });
};

/** The authenticated request's auth; only on routes whose rule requires a token. */
export const authOf = (request: FastifyRequest): RequestAuth => {
  if (!request.auth) throw new AppError('UNAUTHORIZED', undefined, tokenMessages.UNAUTHORIZED);
  return request.auth;
};

/** The signed-in user's id; only on routes whose rule requires a token. */
export const userIdOf = (request: FastifyRequest) => authOf(request).details.user.id;

/**
 * The portal's money routes: a shop user whose shop is active (e-mail confirmed, not suspended). Register as a
 * preValidation hook in a portal plugin; the access rule (`{ kinds: ['shop'] }`) has already checked the token.
 */
export const requireActiveShop = async (request: FastifyRequest) => {
  if (!shopMay(authOf(request).details.shop, 'trade')) throw new AppError('SHOP_NOT_ACTIVE');
};

/** The signed-in shop user's shop id; only after `requireActiveShop`. */
export const shopIdOf = (request: FastifyRequest) => {
  const shop = authOf(request).details.shop;
  if (!shop) throw new AppError('SHOP_NOT_ACTIVE');
  return shop.id;
};
