import {
  type Locale,
  locales,
  type SeoKind,
  type SeoPageText,
  seoDescriptionMaxChars,
  seoTitleMaxChars,
} from '@esim/contracts';
import type { SaveSeoPageBody, SeoPage, SeoTarget, SeoTargetsQuery } from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import { AppError } from '../../lib/app-error';
import { pageOfList } from '../../lib/list-query';
import { listHistory, recordChange } from '../audit/audit.repository';
import type { SharedCatalogue } from '../catalogue/shared-catalogue';
import {
  getSeoPageRow,
  insertSeoPage,
  listSeoPageRows,
  lockSeoPageRow,
  type SeoPageRow,
  updateSeoPage,
} from './seo.repository';

export type SeoDeps = { db: Db; catalogue: Pick<SharedCatalogue, 'get'> };

/** The pages of a kind as the catalogue has them today: countries, regions, or global packages. */
const targetsOf = async (deps: SeoDeps, kind: SeoKind, locale: Locale) => {
  const catalogue = await deps.catalogue.get();
  if (kind !== 'package')
    return (await catalogue.listDestinations(kind, locale)).map((d) => ({ code: d.code, name: d.name }));
  const out: { code: string; name: string }[] = [];
  for (let page = 1; ; page++) {
    const answer = catalogue.listPackages({ type: 'global', page, pageSize: 100 }, locale);
    out.push(...answer.items.map((p) => ({ code: p.slug, name: p.name })));
    if (page * 100 >= answer.total) return out;
  }
};

/** The public path a page's texts appear on. */
export const seoPathOf = (kind: SeoKind, code: string) =>
  kind === 'country'
    ? `/countries/${code.toLowerCase()}`
    : kind === 'region'
      ? `/regions/${code.toLowerCase()}`
      : `/order/${encodeURIComponent(code)}`;

/** The catalogue writes country codes in upper case, region codes and slugs as they are. */
const normalCode = (kind: SeoKind, code: string) => (kind === 'country' ? code.toUpperCase() : code);

/** Locales without texts, and locales whose title or description search results would cut off. */
export const seoWarnings = (texts: Partial<Record<Locale, SeoPageText>>) => ({
  missingLocales: locales.filter((l) => !texts[l]),
  tooLongLocales: locales.filter((l) => {
    const text = texts[l];
    return (
      text !== undefined &&
      (text.title.length > seoTitleMaxChars || text.description.length > seoDescriptionMaxChars)
    );
  }),
});

export const listSeoTargets = async (
  deps: SeoDeps,
  kind: SeoKind,
  query: SeoTargetsQuery,
  locale: Locale,
) => {
  const [targets, rows] = await Promise.all([targetsOf(deps, kind, locale), listSeoPageRows(deps.db, kind)]);
  const byCode = new Map(rows.map((row) => [row.code, row]));
  const q = query.q?.toLowerCase();
  const items: SeoTarget[] = targets
    .filter((t) => !q || t.name.toLowerCase().includes(q) || t.code.toLowerCase().includes(q))
    .map((t) => {
      const row = byCode.get(t.code);
      const texts = row?.texts ?? {};
      return {
        ...t,
        localesCount: Object.keys(texts).length,
        ...seoWarnings(texts),
        updatedAt: row?.updatedAt.toISOString() ?? null,
      };
    });
  const descending = query.sort.startsWith('-');
  const field = query.sort.replace(/^-/, '') as 'name' | 'localesCount';
  items.sort((a, b) => {
    const order = field === 'name' ? a.name.localeCompare(b.name, locale) : a.localesCount - b.localesCount;
    return (descending ? -order : order) || a.code.localeCompare(b.code);
  });
  return pageOfList(items, query);
};

const toPage = async (
  deps: SeoDeps,
  kind: SeoKind,
  target: { code: string; name: string },
  row: SeoPageRow | undefined,
): Promise<SeoPage> => ({
  kind,
  code: target.code,
  name: target.name,
  path: seoPathOf(kind, target.code),
  texts: row?.texts ?? {},
  version: row?.updatedAt.toISOString() ?? null,
  history: row ? await listHistory(deps.db, 'seo_page', row.id) : [],
});

const findTarget = async (deps: SeoDeps, kind: SeoKind, code: string, locale: Locale) => {
  const wanted = normalCode(kind, code);
  const target = (await targetsOf(deps, kind, locale)).find((t) => t.code === wanted);
  if (!target) throw new AppError('NOT_FOUND', undefined, undefined, undefined, 'seo.errors.unknownPage');
  return target;
};

export const getSeoPage = async (deps: SeoDeps, kind: SeoKind, code: string, locale: Locale) => {
  const target = await findTarget(deps, kind, code, locale);
  return toPage(deps, kind, target, await getSeoPageRow(deps.db, kind, target.code));
};

/**
 * Replaces the page's texts (every locale at once) if nobody changed them since `version`. The site reads them
 * from the database on each request, so every process shows the change at once (ADR 0054).
 */
export const saveSeoPage = async (
  deps: SeoDeps,
  input: { kind: SeoKind; code: string; body: SaveSeoPageBody; staffUserId: string; locale: Locale },
) => {
  const target = await findTarget(deps, input.kind, input.code, input.locale);
  const texts = input.body.texts;
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockSeoPageRow(tx, input.kind, target.code);
    if ((current?.updatedAt.toISOString() ?? null) !== input.body.version)
      throw new AppError('RECORD_CHANGED');
    const saved = current
      ? await updateSeoPage(tx, current.id, texts)
      : await insertSeoPage(tx, { kind: input.kind, code: target.code, texts });
    if (!saved) throw new AppError('RECORD_CHANGED');
    await recordChange(tx, {
      staffUserId: input.staffUserId,
      action: 'seo_page.save',
      entityType: 'seo_page',
      entityId: saved.id,
      before: current ? { texts: current.texts } : null,
      after: { texts },
    });
    return saved;
  });
  return toPage(deps, input.kind, target, row);
};

/** The page's texts in one locale for the site, or null when staff have not written that language. */
export const getSeoText = async (db: Db, kind: SeoKind, code: string, locale: Locale) =>
  (await getSeoPageRow(db, kind, normalCode(kind, code)))?.texts[locale] ?? null;
