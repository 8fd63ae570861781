#!/usr/bin/env node
// The first-load JavaScript of every public page of the built site (apps/web/build), gzip level 9 as the
// server's precompressed files: the client entry, the root route, the page's route module and everything they
// import statically (React Router's manifest), plus the locale bundles the site loads before hydrating (the
// largest locale's, Vite's manifest). Fails when a page is over the budget of DESIGN section 7, so a change that
// pulls dashboard or form code into public pages is caught by `npm test` (run after `npm run build`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const firstLoadBudgetKb = 150;

const defaultBuild = fileURLToPath(new URL('../apps/web/build/client', import.meta.url));

const readManifests = (clientDir) => {
  const assets = join(clientDir, 'assets');
  const viteManifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8'));
  const manifestChunk = Object.values(viteManifest).find((chunk) =>
    /^assets\/manifest-[^/]+\.js$/.test(chunk.file),
  );
  // React Router writes its manifest as `window.__reactRouterManifest={…};`, not listed in Vite's manifest.
  const file = manifestChunk?.file ?? findRouterManifest(assets);
  const source = readFileSync(join(clientDir, file), 'utf8');
  const router = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1));
  return { viteManifest, router };
};

const findRouterManifest = (assets) => {
  const { readdirSync } = process.getBuiltinModule('node:fs');
  const name = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!name) throw new Error(`no React Router manifest in ${assets}: run npm run build`);
  return join('assets', name);
};

/**
 * Every public page's first-load JavaScript, largest first: `{ route, path, files, kb }` (`path` is the route's
 * pattern, e.g. `countries/:code`; files in load order).
 */
export const measureFirstLoad = (clientDir = defaultBuild) => {
  const { viteManifest, router } = readManifests(clientDir);
  const gzipped = new Map();
  const size = (url) => {
    if (!gzipped.has(url))
      gzipped.set(url, gzipSync(readFileSync(join(clientDir, url)), { level: 9 }).length);
    return gzipped.get(url);
  };

  // Locale bundles (packages/i18n/locales/<code>/{common,web}.json) load before hydration: count the largest.
  // Lazy namespaces (`portal`, `account`, `checkout`, `auth`: apps/web/app/lib/i18n.ts) load only with their screens.
  const perLocale = new Map();
  for (const [source, chunk] of Object.entries(viteManifest)) {
    const match = /i18n\/locales\/([a-z]{2})\/(?:common|web)\.json$/.exec(source);
    if (!match) continue;
    perLocale.set(match[1], [...(perLocale.get(match[1]) ?? []), `/${chunk.file}`]);
  }
  const localeFiles = [...perLocale.values()].reduce(
    (largest, files) => {
      const total = files.reduce((sum, f) => sum + size(f), 0);
      return total > largest.total ? { files, total } : largest;
    },
    { files: [], total: 0 },
  ).files;

  const chain = (id) => {
    const route = router.routes[id];
    return route ? [...(route.parentId ? chain(route.parentId) : []), route] : [];
  };
  return Object.values(router.routes)
    .filter((route) => route.id.startsWith('routes/public/') && route.hasDefaultExport)
    .map((route) => {
      const files = new Set([router.entry.module, ...router.entry.imports, ...localeFiles]);
      for (const r of chain(route.id)) for (const f of [r.module, ...(r.imports ?? [])]) files.add(f);
      const bytes = [...files].reduce((sum, f) => sum + size(f), 0);
      return { route: route.id, path: route.index ? '' : route.path, files: [...files], kb: bytes / 1024 };
    })
    .sort((a, b) => b.kb - a.kb);
};

/** The measured page a URL path renders (`/countries/de` → the country page), or undefined. */
export const pageForPath = (pages, urlPath) =>
  pages.find(
    (page) =>
      page.path !== undefined &&
      page.path !== '*' &&
      new RegExp(`^/${page.path.replace(/:[^/]+/g, '[^/]+')}/?$`).test(urlPath.split('?')[0]),
  );

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pages = measureFirstLoad(process.argv[2]);
  for (const p of pages) {
    const state = p.kb > firstLoadBudgetKb ? 'OVER' : 'ok';
    console.log(`${state.padEnd(4)} ${p.kb.toFixed(1).padStart(6)} KB  ${p.route}`);
  }
  const over = pages.filter((p) => p.kb > firstLoadBudgetKb);
  if (over.length) {
    for (const p of over)
      console.error(
        `\n${p.route}: ${p.kb.toFixed(1)} KB gzip of first-load JavaScript, limit ${firstLoadBudgetKb} KB (DESIGN section 7). Its files:\n${p.files.map((f) => `  ${f}`).join('\n')}`,
      );
    process.exit(1);
  }
}
