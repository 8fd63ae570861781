import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
// By path, not by package name: Vite loads the config before it can compile our TypeScript packages by name.
import { drawFlags } from '../../packages/ui/src/flags/draw-flags';

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
