#!/usr/bin/env node
// Compiles the API server and the workspace packages it imports (TypeScript) into one ES module,
// apps/server/dist/main.js (the staff:create-admin and ads:sync commands into dist/create-admin.js and ads-sync.js), so the serving process
// runs plain JavaScript without a TypeScript loader.
// Third-party packages stay external (resolved from node_modules at run time). Run by `npm start` when missing.
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Tests build into a folder of their own (`apps/server/dist-<name>`, same depth) so parallel runs never read a
// half-written bundle.
const outdir = join(root, 'apps/server', process.argv[2] ? `dist-${process.argv[2]}` : 'dist');

/**
 * Our sources find data files next to themselves (migrations, locales, legal texts) through import.meta.url.
 * Bundled, every module shares dist/main.js's URL, so each module's own location is put back: its URL is
 * rewritten relative to the bundle, which keeps the build working wherever the checkout lives.
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
      const fromBundle = relative(outdir, args.path).split('\\').join('/');
      const ownUrl = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', ownUrl), loader: 'ts' };
    });
  },
};

/** Only our workspace packages (@esim/*) and relative imports are compiled in; everything else stays external. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@esim/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  // The server, and the one-time command that creates the first staff admin (ADR 0033), side by side in outdir
  // (the module URL rewrite above assumes bundles at outdir's top).
  entryPoints: {
    main: join(root, 'apps/server/src/main.ts'),
    'create-admin': join(root, 'apps/server/src/commands/create-admin.ts'),
    'ads-sync': join(root, 'apps/server/src/commands/ads-sync.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalDependencies, keepModuleUrls],
});
console.log(`Built ${relative(root, join(outdir, 'main.js'))}, create-admin.js and ads-sync.js`);
