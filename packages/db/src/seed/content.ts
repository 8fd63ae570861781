import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { locales } from '@esim/contracts';
import type { Db } from '../client';
import { contentPages } from '../schema';

const legalDir = join(dirname(fileURLToPath(import.meta.url)), 'data', 'legal');

/** Splits "# Title\n\nbody" into its parts; the body stays Markdown. */
export const splitMarkdownTitle = (markdown: string) => {
  const [first = '', ...rest] = markdown.trim().split('\n');
  return { title: first.replace(/^#\s+/, '').trim(), body: rest.join('\n').trim() };
};

/** Seeds terms and privacy policy for every locale that has texts; existing (staff-edited) texts are kept. */
export const seedContentPages = async (db: Db) => {
  for (const locale of locales) {
    for (const key of ['terms', 'privacy'] as const) {
      const file = join(legalDir, locale, `${key}.md`);
      if (!existsSync(file)) continue;
      const { title, body } = splitMarkdownTitle(readFileSync(file, 'utf8'));
      await db.insert(contentPages).values({ key, locale, title, body }).onConflictDoNothing();
    }
  }
};
