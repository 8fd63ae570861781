import { cpSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

const require = createRequire(import.meta.url);

/**
 * Country flags served from our own origin (DESIGN section 2): flag-icons' 4x3 SVGs copied to /flags/<code>.svg,
 * so destination lists reference them by code without a module per flag in the page's JavaScript.
 */
const copyFlags = (): Plugin => ({
  name: 'esim-copy-flags',
  apply: 'build',
  writeBundle(options) {
    if (!options.dir?.endsWith(join('build', 'client'))) return;
    const flags = join(dirname(require.resolve('flag-icons/package.json')), 'flags', '4x3');
    cpSync(flags, join(options.dir, 'flags'), { recursive: true });
  },
});

/** Modules of the shell that every page needs; the UI kit, query client and forms stay in their own chunks. */
const isShellModule = (id: string) =>
  /apps\/web\/app\/(lib|components|features\/(language|cookie-consent))\/|packages\/contracts\/src\/(locales|errors)\.ts|packages\/ui\/src\/(api-client|language-picker)\.tsx?/.test(
    id,
  ) &&
  !/(ui-kit-provider|account-dropdown|query-provider|query-client|form-alert|page-loader|form-feedback|describe-error|i18n\.server)/.test(
    id,
  );

export default defineConfig({
  plugins: [reactRouter(), copyFlags()],
  build: {
    // Never inline assets as data: URIs: the Content-Security-Policy allows images from our origin only.
    assetsInlineLimit: 0,
    // WEB_SOURCEMAP=1 for bundle analysis.
    sourcemap: process.env.WEB_SOURCEMAP === '1',
    rolldownOptions: {
      output: {
        advancedChunks: {
          // The site shell every page loads (header, footer, session, locale, API client) in one file instead of
          // a dozen tiny ones: each response carries about 1 KB of security headers.
          groups: [{ name: 'site-shell', test: isShellModule }],
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
