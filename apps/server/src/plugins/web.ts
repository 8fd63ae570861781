import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createBrotliCompress, createGzip, constants as zlibConstants } from 'node:zlib';
import {
  decidePageLocale,
  type ErrorCode,
  type Locale,
  type LocaleSource,
  type SiteData,
  type SiteLoadContext,
} from '@esim/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { GeoLocator } from '../adapters/geo/port';
import { AppError } from '../lib/app-error';
import { acceptedEncoding } from '../lib/content-encoding';
import { sendApiNotFound } from './errors';
import { readPageForm, registerPageMethods, sitePageKinds } from './page-methods';
import { createPaintFirst } from './paint-first';

const immutableAssets = (reply: FastifyReply, path: string) => {
  reply.header(
    'Cache-Control',
    path.includes('/assets/')
      ? 'public, max-age=31536000, immutable'
      : // The service worker: a new version reaches every browser at its next visit, not an hour later.
        path.endsWith('/sw.js')
        ? 'no-cache'
        : 'public, max-age=3600',
  );
};

const cookieValue = (header: string | undefined, name: string) =>
  header
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];

/**
 * The language a server-rendered page comes out in, decided once per request (docs/decisions/0002): ?lang=,
 * then the saved choice (`lang` cookie), then the visitor's country (crawlers get the default sq).
 */
export const pageLocale = (
  request: FastifyRequest,
  geo: GeoLocator,
): { locale: Locale; source: LocaleSource } =>
  decidePageLocale({
    query: (request.query as Record<string, unknown> | undefined)?.lang,
    saved: cookieValue(request.headers.cookie, 'lang'),
    country: () => geo.countryOf({ ip: request.ip, headers: request.headers }),
    crawler: isbot(request.headers['user-agent'] ?? ''),
  });

const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The hosts the site also answers on besides SITE_URL's: the other loopback names for a local SITE_URL, and
 * `www.` beside a bare domain (or the bare domain beside `www.`). Same scheme and port.
 */
export const siteHostAliases = (siteUrl: string): Set<string> => {
  const url = new URL(siteUrl);
  const port = url.port ? `:${url.port}` : '';
  const names = loopbackNames.has(url.hostname)
    ? [...loopbackNames]
    : [url.hostname, url.hostname.startsWith('www.') ? url.hostname.slice(4) : `www.${url.hostname}`];
  return new Set(names.map((name) => `${name}${port}`.toLowerCase()));
};

/**
 * The origin a page request is rendered for: the host it was sent to when that is one of the site's own names,
 * otherwise SITE_URL. React Router refuses a form post whose Origin differs from the request URL (its CSRF
 * check), so a consent form posted on 127.0.0.1 must be judged as 127.0.0.1, while a foreign Origin still fails.
 */
export const requestOrigin = (
  request: Pick<FastifyRequest, 'headers'>,
  siteUrl: string,
  aliases: Set<string>,
) => {
  const host = request.headers.host?.toLowerCase();
  return host && aliases.has(host) ? `${new URL(siteUrl).protocol}//${host}` : siteUrl;
};

/** The page request for React Router; a form post's body was read (and bounded) beforehand. */
const toWebRequest = (request: FastifyRequest, origin: string, body: Buffer | null): Request => {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (key === 'content-length' || key === 'transfer-encoding') continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
};

/** The envelope for an error React Router answered to a form post (a bad choice, a missing action…). */
const pageErrorCode = (status: number): ErrorCode =>
  status === 404
    ? 'NOT_FOUND'
    : status === 405
      ? 'METHOD_NOT_ALLOWED'
      : status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : status === 415
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : 'BAD_REQUEST';

const sendWebResponse = async (
  reply: FastifyReply,
  response: Response,
  paintFirst: ReturnType<typeof createPaintFirst>,
) => {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  const contentType = response.headers.get('content-type') ?? '';
  const rendered = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  const body = contentType.startsWith('text/html') ? rendered.pipe(paintFirst.stream()) : rendered;
  // Pages, the sitemap and robots.txt: text worth compressing; anything else passes through.
  const isText = /^(text\/|application\/(xml|json))/.test(contentType);
  if (!isText || response.headers.has('content-encoding')) return reply.send(body);
  // Compressed as it streams, flushed per chunk so streamed HTML arrives early (fast Brotli setting); built
  // assets are precompressed at build time.
  const accepted = acceptedEncoding(reply.request.headers['accept-encoding']);
  const encoder =
    accepted === 'br'
      ? {
          name: 'br',
          stream: createBrotliCompress({
            flush: zlibConstants.BROTLI_OPERATION_FLUSH,
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 },
          }),
        }
      : accepted === 'gzip'
        ? { name: 'gzip', stream: createGzip({ level: 6, flush: zlibConstants.Z_SYNC_FLUSH }) }
        : null;
  reply.header('vary', 'Accept-Encoding');
  if (!encoder) return reply.send(body);
  reply.removeHeader('content-length').header('content-encoding', encoder.name);
  return reply.send(body.pipe(encoder.stream));
};

/**
 * Serves the site (React Router framework build): static assets from build/client, every other non-API path
 * server-rendered inside Fastify so its hooks (security headers, nonce, logging) apply.
 */
export const registerSite = async (
  app: FastifyInstance,
  buildDir: string,
  origin: string,
  site: SiteData,
  geo: GeoLocator,
) => {
  const serverEntry = join(buildDir, 'server', 'index.js');
  if (!existsSync(serverEntry)) {
    app.log.warn({ serverEntry }, 'site build missing: only the API is served (run npm run build)');
    app.setNotFoundHandler(sendApiNotFound);
    return;
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, 'production');
  await app.register(fastifyStatic, {
    root: join(buildDir, 'client'),
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: immutableAssets,
  });
  const aliases = siteHostAliases(origin);
  const paintFirst = createPaintFirst(join(buildDir, 'client'), build.assets.routes);
  registerPageMethods(app, sitePageKinds(build));
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') return sendApiNotFound(request, reply);
    const { locale, source } = pageLocale(request, geo);
    const context: SiteLoadContext = { nonce: request.cspNonce, locale, site };
    // Only a form post to a route with an action gets here with a body (registerPageMethods).
    const form = request.method === 'POST' ? await readPageForm(request) : null;
    const response = await handle(
      toWebRequest(request, requestOrigin(request, origin, aliases), form),
      context,
    );
    if (form && response.status >= 400 && response.status < 500)
      throw new AppError(pageErrorCode(response.status));
    // A language picked from the country must not be served to someone else by a shared cache (`private`).
    // Not `no-store`: that keeps the page out of the browser's back/forward cache, so Back reloads it.
    if (source === 'country') response.headers.set('cache-control', 'private, no-cache');
    return sendWebResponse(reply, response, paintFirst);
  });
};
