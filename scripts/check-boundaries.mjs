#!/usr/bin/env node
// Feature boundaries of the two front ends (STYLE "Layout"; docs/ARCHITECTURE.md "Front-end kits and
// boundaries"), checked in `npm run lint`. Imports flow one way: shared code (lib/, components/, packages)
// -> features -> routes and root. A feature imports shared code and its own files, never another feature's;
// shared code imports neither features nor routes. Type-only imports count too: they make the same circle.
// Biome's noRestrictedImports matches import strings, not where a relative import lands, so this reads the
// imports itself.
//
// The staff dashboard's words follow the same lines (docs/guides/add-a-staff-screen.md "Words"): each staff area
// has an i18n namespace of its own, `admin-<feature>`, and shared words live in `admin` and `common`. A feature
// reads its own area's namespace and the shared ones, never another area's; shared code reads only the shared
// ones. A namespace is read by naming it (`useTranslation('admin-shops')`, `t('admin-shops:shops.name')`,
// `labels: 'admin-shops:shops'`), so any quoted `admin-<area>` name counts.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apps = ['apps/web/app', 'apps/admin/app'];
const importPattern =
  /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name.startsWith('+') || entry.name === 'node_modules' ? [] : walk(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** Where a file sits: `feature:<name>`, `shared` (components/, lib/, styles/), `route` (routes/, root, routes.ts). */
const layerOf = (appDir, file) => {
  const [top, name] = relative(appDir, file).split(sep);
  if (top === 'features') return { layer: 'feature', feature: name };
  if (top === 'components' || top === 'lib' || top === 'styles') return { layer: 'shared' };
  return { layer: 'route' };
};

const areaNamespace = /['"`](admin-[a-z-]+)(?=[:'"`])/g;

const problems = [];
{
  const appDir = join(root, 'apps/admin/app');
  for (const file of walk(appDir)) {
    const from = layerOf(appDir, file);
    if (from.layer === 'route') continue;
    const own = from.layer === 'feature' ? `admin-${from.feature}` : null;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(areaNamespace)) {
      const ns = match[1];
      if (ns === own) continue;
      problems.push(
        `${relative(root, file)} reads the i18n namespace "${ns}": ${
          own
            ? `feature "${from.feature}" reads only "${own}", "admin" and "common"; move a word both areas need to "admin"`
            : 'shared code (components/, lib/) reads only "admin" and "common"'
        }`,
      );
    }
  }
}

for (const app of apps) {
  const appDir = join(root, app);
  for (const file of walk(appDir)) {
    const from = layerOf(appDir, file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importPattern)) {
      const spec = match[1] ?? match[2];
      if (!spec?.startsWith('.')) continue;
      const target = resolve(dirname(file), spec);
      if (!target.startsWith(appDir)) continue;
      const to = layerOf(appDir, target);
      const where = `${relative(root, file)} imports ${spec}`;
      if (from.layer === 'shared' && to.layer !== 'shared')
        problems.push(
          `${where}: shared code (components/, lib/) must not import ${to.layer === 'feature' ? 'a feature' : 'a route or the root'}`,
        );
      else if (from.layer === 'feature' && to.layer === 'route')
        problems.push(`${where}: a feature must not import a route or the root`);
      else if (from.layer === 'feature' && to.layer === 'feature' && to.feature !== from.feature)
        problems.push(
          `${where}: feature "${from.feature}" must not reach into feature "${to.feature}"; move the shared part to lib/, components/ or a kit in packages/ui`,
        );
    }
  }
}

if (problems.length > 0) {
  console.error(
    `Feature boundaries: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(
  'Feature boundaries: no feature reaches into another or reads its words, shared code imports no feature or route.',
);
