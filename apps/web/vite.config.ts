import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { Resvg } from '@resvg/resvg-js';
import { defineConfig, type Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** The widths each flag is drawn at (/flags/<width>/<code>.png): twice its 24 and 48 px boxes, for 2× screens. */
const flagWidths = [48, 96] as const;

/**
 * Country flags served from our own origin (DESIGN section 2): flag-icons' 4x3 SVGs drawn as PNGs at build time,
 * so destination lists reference them by code without a module per flag in the page's JavaScript. PNG, not SVG:
 * the browser builds a document for every SVG image on the page's main thread (10–20 ms each on our 2-core
 * machine, about twenty on the home page's first screen), while it decodes PNGs off it (ADR 0028).
 */
const drawFlags = (): Plugin => ({
  name: 'esim-draw-flags',
  apply: 'build',
  writeBundle(options) {
    if (!options.dir?.endsWith(join('build', 'client'))) return;
    const sources = join(dirname(require.resolve('flag-icons/package.json')), 'flags', '4x3');
    for (const width of flagWidths) {
      const target = join(options.dir, 'flags', String(width));
      mkdirSync(target, { recursive: true });
      for (const file of readdirSync(sources)) {
        if (!file.endsWith('.svg')) continue;
        const image = new Resvg(readFileSync(join(sources, file)), {
          fitTo: { mode: 'width', value: width },
        });
        writeFileSync(join(target, file.replace(/\.svg$/, '.png')), image.render().asPng());
      }
    }
  },
});

/**
 * The site shell: what every page runs, i.e. the client entry, the root route and our modules they import
 * statically. It is found by walking the module graph once it is complete, not by folder, so a module placed
 * next to the header (a form field, say) stays out of every page's first load unless the root imports it.
 * The walk stops at packages: a package entry lists modules that tree-shaking drops (a barrel's re-exports),
 * and the group adds the package code the shell really uses itself (includeDependenciesRecursively).
 */
const shellEntry = /[\\/]app[\\/](root|entry\.client)\.tsx($|\?)/;
const shellModules = new Set<string>();
const findSiteShell = (): Plugin => ({
  name: 'esim-site-shell',
  apply: 'build',
  buildEnd() {
    shellModules.clear();
    const pending = [...this.getModuleIds()].filter((id) => shellEntry.test(id));
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (shellModules.has(id) || id.includes('node_modules')) continue;
      shellModules.add(id);
      pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
});

export default defineConfig({
  plugins: [reactRouter(), drawFlags(), findSiteShell()],
  build: {
    // Never inline assets as data: URIs: the Content-Security-Policy allows images from our origin only.
    assetsInlineLimit: 0,
    // Kept (React Router deletes it otherwise) for the first-load size check, scripts/check-web-size.mjs.
    manifest: true,
    // WEB_SOURCEMAP=1 for bundle analysis.
    sourcemap: process.env.WEB_SOURCEMAP === '1',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The site shell every page loads (framework, header, footer, session, locale, API client) in one file
          // instead of a dozen tiny ones: each response carries about 1 KB of security headers.
          groups: [{ name: 'site-shell', test: (id) => shellModules.has(id) }],
        },
      },
    },
  },
  server: {
    port: 3000,
    // `react-router dev` talks to a running API (scripts/start.mjs) for /api.
    proxy: { '/api': process.env.API_ORIGIN ?? 'http://localhost:3100' },
  },
});
