import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { AppError } from '../lib/app-error';

/**
 * What a page path is: a page (GET and HEAD), a page whose route takes a form (POST too), or no page at all
 * (the site's not-found route).
 */
export type PageKind = 'page' | 'form' | 'missing';

/** How large a form post to a page may be (the cookie banner's is under 100 bytes). */
export const pageFormLimitBytes = 16 * 1024;

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/** A form post: URL-encoded, as a plain `<form method="post">` and React Router's fetcher send it. */
const isFormType = (header: string | undefined) =>
  header?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';

/**
 * The site's page kinds from its server build: the route the path matches (React Router's own matcher over the
 * build's route manifest), and whether that route has an action. `/x.data` is the same route's data request.
 */
export const sitePageKinds = (build: Pick<ServerBuild, 'routes'>): ((pathname: string) => PageKind) => {
  const manifest = Object.values(build.routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    manifest
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, caseSensitive: route.caseSensitive, path: route.path }
          : {
              id: route.id,
              path: route.path,
              caseSensitive: route.caseSensitive,
              children: childrenOf(route.id),
            },
      );
  const routes = childrenOf(undefined);
  return (pathname) => {
    const path = pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, '');
    const route = matchRoutes(routes, path)?.at(-1)?.route;
    const entry = route?.id ? build.routes[route.id] : undefined;
    if (!entry || entry.path === '*') return 'missing';
    return entry.module.action ? 'form' : 'page';
  };
};

/**
 * Pages answer GET and HEAD; POST only where the route takes a form, and only URL-encoded. Anything else on a
 * page path (another method, a JSON or multipart post, any body) is a 4xx in the API's envelope, decided before
 * Fastify reads the body: the JSON parser used to consume it, and the page renderer then failed with a 500
 * ("Response body object should not be disturbed or locked"). Routes (the API, built files, the docs) answer
 * for themselves.
 */
export const registerPageMethods = (app: FastifyInstance, kindOf: (pathname: string) => PageKind) => {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.is404 || request.method === 'GET' || request.method === 'HEAD') return;
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname)) return;
    const kind = kindOf(pathname);
    if (kind === 'missing') throw new AppError('NOT_FOUND');
    if (kind === 'form' && request.method === 'POST') {
      if (!isFormType(request.headers['content-type'])) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      if (Number(request.headers['content-length'] ?? 0) > pageFormLimitBytes)
        throw new AppError('PAYLOAD_TOO_LARGE');
      return;
    }
    reply.header('allow', kind === 'form' ? 'GET, HEAD, POST' : 'GET, HEAD');
    throw new AppError('METHOD_NOT_ALLOWED');
  });
};

/** A form post's body, read up to `pageFormLimitBytes` (a chunked body has no length to check beforehand). */
export const readPageForm = async (request: FastifyRequest): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > pageFormLimitBytes) throw new AppError('PAYLOAD_TOO_LARGE');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
};
