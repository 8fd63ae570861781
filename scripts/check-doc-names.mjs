#!/usr/bin/env node
// Guides name the code they teach: docs/ARCHITECTURE.md, docs/guides/*.md and each folder's README.md. This check
// reads their inline code (`listClients`, `defineListQuery(...)`, `pagedSchema`, `apps/server/src/lib/csv.ts`,
// `@esim/contracts/staff`) and reports every name the code no longer has, so a guide cannot keep teaching a
// function that was renamed or a file that moved. Run by `npm test` (scripts/check-doc-names.test.mjs) and alone:
// `node scripts/check-doc-names.mjs`.
//
// What counts as a name (everything else in backticks is left alone: commands, URLs, JSON, prose):
// - an identifier in camelCase, PascalCase or SCREAMING_SNAKE_CASE, or such a name called (`listHistory(db, id)`)
//   or with type arguments (`Paged<Item>`): it must appear in the source outside comments;
// - a file or folder path (`lib/list-query.ts`, `apps/server/src/modules/`, `orders.staff.routes.ts`): some file
//   or folder of the repository must end with it (guides abbreviate from the folder they talk about);
// - a workspace module (`@esim/contracts/staff`): its package must export it;
// - in fenced examples, only the imports: an example may declare new names, but what it imports from the
//   workspace or a relative path must exist.
// Placeholders are not names: anything with `<`, `*`, `{` or `...`, and the pattern letter X in `listX`,
// `exportX`, `xList`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// Dependencies, build output and the local database (`data/` at the root) are not the code.
const skippedFolders = new Set([
  'node_modules',
  '.git',
  'build',
  'dist',
  '.react-router',
  'test-results',
  'playwright-report',
]);
const sourceExtensions = /\.(ts|tsx|mjs|js|cjs)$/;
const selfTest = fileURLToPath(new URL('./check-doc-names.test.mjs', import.meta.url));

const walk = (dir, top = true) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skippedFolders.has(entry.name) || (top && entry.name === 'data')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? [{ path, dir: true }, ...walk(path, false)] : [{ path, dir: false }];
  });

/** The documents checked: ARCHITECTURE.md, every guide, every folder's README.md. */
export const documentsOf = (base = root) => {
  const guides = join(base, 'docs', 'guides');
  return [
    join(base, 'docs', 'ARCHITECTURE.md'),
    ...(existsSync(guides)
      ? readdirSync(guides)
          .filter((name) => name.endsWith('.md'))
          .sort()
          .map((name) => join(guides, name))
      : []),
    ...walk(base)
      .filter((entry) => !entry.dir && entry.path.endsWith(`${sep}README.md`))
      .map((entry) => entry.path)
      .sort(),
  ].filter((path) => existsSync(path));
};

/** Source text without comments, so a name mentioned only in a comment does not count as code. */
const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/^\s*\/\/.*$/gm, ' ');

/** What the repository has: every identifier in its source, every file and folder path. */
export const codebaseOf = (base = root) => {
  const entries = walk(base);
  const identifiers = new Set();
  for (const entry of entries) {
    // This check's own test names stale names on purpose.
    if (entry.dir || !sourceExtensions.test(entry.path) || entry.path === selfTest) continue;
    for (const word of withoutComments(readFileSync(entry.path, 'utf8')).match(/[A-Za-z_$][\w$]*/g) ?? [])
      identifiers.add(word);
  }
  const paths = entries.map((entry) => relative(base, entry.path).split(sep).join('/'));
  return { base, identifiers, paths };
};

const placeholder = /[<*{]|\.\.\.|…/;
const patternName = /^(?:[a-z]\w*X(?:[A-Z]\w*)?|x[A-Z]\w*)$/;
const identifierLike = /^(?:[a-z][a-z0-9]*[A-Z]\w*|[A-Z][a-z0-9]+[A-Z]\w*|[A-Z][A-Z0-9]*_[A-Z0-9_]+)$/;
const pathLike = /^(?:[\w@.[\]+-]+\/)+[\w@.[\]+-]*$|^[\w.-]+\.(?:ts|tsx|mjs|js|json|md|css|sql|yml|yaml)$/;

/**
 * A path of the repository's own: folders without dots (not `col.text/number`), some lowercase (not `LISTEN/NOTIFY`
 * or `10.0.0.0/8`), and not build output (`dist/`, `build/`), which a clean checkout does not have.
 */
const isFilePath = (text) => {
  const segments = text.replace(/\/$/, '').split('/');
  const folders = segments.slice(0, -1);
  return (
    (segments.length > 1 || /\.\w+$/.test(text)) &&
    /[a-z]/.test(text) &&
    folders.every((folder) => !folder.includes('.') || /^[.@]/.test(folder)) &&
    !segments.some((segment) => segment === 'dist' || segment === 'build')
  );
};

/** The names a piece of inline code stands for: `{ kind: 'identifier' | 'path' | 'module', name }`, or none. */
export const namesIn = (code) => {
  const text = code.trim();
  if (text.startsWith('@esim/') && /^@esim\/[\w/-]+$/.test(text)) return [{ kind: 'module', name: text }];
  // A call or a generic: the name before the parenthesis or angle bracket.
  const head = /^([A-Za-z_$][\w$]*)(?:\(|<)/.exec(text);
  if (head?.[1]) {
    const name = head[1];
    return (identifierLike.test(name) || /^[A-Z][a-z0-9]+$/.test(name)) && !patternName.test(name)
      ? [{ kind: 'identifier', name }]
      : [];
  }
  if (placeholder.test(text) || /\s|:|\$|=/.test(text)) return [];
  if (text.startsWith('/') || text.startsWith('.') || text.startsWith('@')) return [];
  if (pathLike.test(text) && isFilePath(text)) return [{ kind: 'path', name: text.replace(/\/$/, '') }];
  if (identifierLike.test(text) && !patternName.test(text)) return [{ kind: 'identifier', name: text }];
  return [];
};

/**
 * What a Markdown text names, with line numbers: its inline code outside fenced blocks, and the imports of its
 * fenced examples (an example may declare new names, but what it imports must exist: `import { toPaged } from
 * '../../lib/list-query'`).
 */
export const inlineCodeOf = (markdown) => {
  const found = [];
  let fenced = false;
  markdown.split('\n').forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (fenced) {
      const imported = /^\s*import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/.exec(line);
      if (imported)
        found.push({ code: '', line: index + 1, imports: importsOf(imported[1] ?? '', imported[2] ?? '') });
      return;
    }
    for (const match of line.matchAll(/(`+)((?:(?!\1).)+?)\1/g))
      found.push({ code: match[2] ?? '', line: index + 1 });
  });
  return found;
};

/** The names an example's import line relies on: the module (workspace or relative) and each imported name. */
const importsOf = (list, specifier) => {
  const names = list
    .split(',')
    .map(
      (part) =>
        part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0] ?? '',
    )
    .filter((name) => /^[A-Za-z_$][\w$]*$/.test(name))
    .map((name) => ({ kind: 'identifier', name }));
  if (specifier.startsWith('@esim/')) return [{ kind: 'module', name: specifier }, ...names];
  if (specifier.startsWith('.'))
    return [{ kind: 'source', name: specifier.replace(/^(\.\.?\/)+/, '') }, ...names];
  return [];
};

/** Whether a workspace module specifier (`@esim/ui/list/define-list`) resolves to a file of its package. */
const hasModule = (codebase, specifier) => {
  const [, packageName, ...rest] = specifier.split('/');
  const folder = ['packages', 'apps']
    .map((top) => `${top}/${packageName}`)
    .find((p) => codebase.paths.includes(p));
  if (!folder) return false;
  if (rest.length === 0) return true;
  const manifest = JSON.parse(readFileSync(join(codebase.base, folder, 'package.json'), 'utf8'));
  const subpath = `./${rest.join('/')}`;
  const exported = Object.keys(manifest.exports ?? {});
  if (exported.includes(subpath)) return true;
  // A pattern export (`./list/*`): the file the star stands for must exist.
  return exported.some((key) => {
    const star = key.indexOf('*');
    if (star < 0 || !subpath.startsWith(key.slice(0, star))) return false;
    const target = manifest.exports[key];
    const to = typeof target === 'string' ? target : (target?.import ?? target?.default ?? '');
    const file = to.replace('*', subpath.slice(star, subpath.length - (key.length - star - 1)));
    return existsSync(join(codebase.base, folder, file));
  });
};

const hasPath = (codebase, path, documentDir) => {
  const fromDocument = relative(codebase.base, join(documentDir, path)).split(sep).join('/');
  return codebase.paths.some((p) => p === path || p === fromDocument || p.endsWith(`/${path}`));
};

/** Every name a document uses that the codebase does not have: `{ document, line, name }`. */
export const staleNames = (codebase, documents = documentsOf(codebase.base)) =>
  documents.flatMap((document) => {
    const relativePath = relative(codebase.base, document).split(sep).join('/');
    const markdown = readFileSync(document, 'utf8');
    // What the document's examples declare (step 1 adds a schema, step 3 imports it) is not the code's to have.
    const declared = new Set(
      [...markdown.matchAll(/\b(?:const|let|function|type|class)\s+([A-Za-z_$][\w$]*)/g)].map((m) => m[1]),
    );
    return inlineCodeOf(markdown).flatMap(({ code, line, imports }) =>
      (imports ?? namesIn(code))
        .filter(({ kind, name }) =>
          kind === 'identifier'
            ? !codebase.identifiers.has(name) && !(imports && declared.has(name))
            : kind === 'module'
              ? !hasModule(codebase, name)
              : kind === 'source'
                ? !['.ts', '.tsx', '/index.ts'].some((ext) =>
                    hasPath(codebase, `${name}${ext}`, dirname(document)),
                  )
                : !hasPath(codebase, name, dirname(document)),
        )
        .map(({ name }) => ({ document: relativePath, line, name })),
    );
  });

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const stale = staleNames(codebaseOf());
  for (const s of stale) console.error(`${s.document}:${s.line}: \`${s.name}\` is not in the code`);
  if (stale.length > 0) process.exit(1);
  console.log('Doc names: every name the guides, ARCHITECTURE.md and READMEs use is in the code.');
}
