/**
 * Fails when any locale misses a key that English has, has a key English lacks, changes a {placeholder}, or keeps
 * the English text (unless the key is listed in same-as-english.json for that locale: names, brands, numbers).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { locales, orderEventActors, providerRequests } from '@esim/contracts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'locales');
const allowed: Record<string, string[]> = JSON.parse(
  readFileSync(join(root, '..', 'same-as-english.json'), 'utf8'),
) as Record<string, string[]>;

const flatten = (value: unknown, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value))
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  return out;
};

const read = (locale: string, file: string) =>
  flatten(JSON.parse(readFileSync(join(root, locale, file), 'utf8')) as unknown);

const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

const problems: string[] = [];

// Screens build these keys from a contract's values (`requests.${request}`), which no key scan sees: a value the
// contract gained without a label showed its raw key on the order timeline. English must label each value; the
// loop below then holds every locale to English.
const labelledValues: [file: string, prefix: string, values: readonly string[]][] = [
  ['admin-orders.json', 'orderScreens.timeline.requests', providerRequests],
  ['admin-orders.json', 'orderScreens.timeline.actors', orderEventActors],
];
for (const [file, prefix, values] of labelledValues) {
  const english = read('en', file);
  for (const value of values)
    if (!english.has(`${prefix}.${value}`)) problems.push(`en/${file}: missing key ${prefix}.${value}`);
}
const englishFiles = readdirSync(join(root, 'en')).filter((f) => f.endsWith('.json'));
for (const file of englishFiles) {
  const english = read('en', file);
  const ns = file.replace(/\.json$/, '');
  for (const locale of locales.filter((l) => l !== 'en')) {
    let other: Map<string, string>;
    try {
      other = read(locale, file);
    } catch {
      problems.push(`${locale}/${file}: missing file`);
      continue;
    }
    const exceptions = new Set([...(allowed['*'] ?? []), ...(allowed[locale] ?? [])]);
    for (const [key, text] of english) {
      const translated = other.get(key);
      if (translated === undefined) problems.push(`${locale}/${file}: missing key ${key}`);
      else if (placeholders(translated) !== placeholders(text))
        problems.push(
          `${locale}/${file}: ${key} has placeholders ${placeholders(translated)}, English ${placeholders(text)}`,
        );
      else if (translated === text && !exceptions.has(`${ns}:${key}`) && /[A-Za-z]{3}/.test(text))
        problems.push(`${locale}/${file}: ${key} is still English ("${text}")`);
    }
    for (const key of other.keys())
      if (!english.has(key)) problems.push(`${locale}/${file}: extra key ${key}`);
  }
}

if (problems.length > 0) {
  console.error(`i18n check failed with ${problems.length} problem(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`i18n check passed: ${englishFiles.length} namespaces in ${locales.length} locales`);
