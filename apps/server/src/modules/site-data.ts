import type { SiteData } from '@esim/contracts';
import type { AppDeps } from '../deps';
import { AppError } from '../lib/app-error';
import { campaignBanner } from './campaigns/campaigns.service';
import { getContentPage } from './content/content.repository';
import { blogSitemapEntries, findPublicBlogPost, listPublicBlogPosts } from './seo/blog.service';
import { getSeoText } from './seo/seo.service';
import { getGeneralOptions } from './settings/settings.repository';

/** A missing item becomes the 404 Response React Router renders as the not-found page. */
const orNotFound = async <T>(run: () => T | Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'PAGE_OUT_OF_RANGE'))
      throw new Response(null, { status: 404 });
    throw error;
  }
};

/** The site's server-side data access: the same services the API uses, without an HTTP hop. */
export const createSiteData = (deps: AppDeps): SiteData => ({
  siteUrl: deps.config.siteUrl,
  devMailbox: deps.config.mail.devMailbox,
  listPackages: (query, locale) =>
    orNotFound(async () => (await deps.catalogue.get()).listPackages(query, locale)),
  getPackage: (slug, locale) => orNotFound(async () => (await deps.catalogue.get()).getPackage(slug, locale)),
  getCountryPage: (code, locale) =>
    orNotFound(async () => (await deps.catalogue.get()).getCountryPage(code.toUpperCase(), locale)),
  getRegionPage: (code, locale) =>
    orNotFound(async () => (await deps.catalogue.get()).getRegionPage(code, locale)),
  listDestinations: async (kind, locale) => (await deps.catalogue.get()).listDestinations(kind, locale),
  search: async (q, locale) => (await deps.catalogue.get()).search(q, locale),
  highlights: async (locale) => (await deps.catalogue.get()).highlights(locale),
  getContentPage: (key, locale) =>
    orNotFound(async () => {
      const row = (await getContentPage(deps.db, key, locale)) ?? (await getContentPage(deps.db, key, 'en'));
      if (!row) throw new AppError('NOT_FOUND');
      return {
        key: row.key,
        locale: row.locale,
        title: row.title,
        body: row.body,
        updatedAt: row.updatedAt.toISOString(),
      };
    }),
  // Read from the database on every request (one primary-key row): a staff change shows in every process at once.
  getSeoText: (kind, code, locale) => getSeoText(deps.db, kind, code, locale),
  listBlogPosts: (locale, options) => listPublicBlogPosts(deps.db, locale, options),
  getBlogPost: (slug, locale) => orNotFound(() => findPublicBlogPost(deps.db, slug, locale)),
  blogSitemap: () => blogSitemapEntries(deps.db),
  humanChallenge: () => deps.humanCheck.createChallenge(),
  campaignBanner: (locale) => campaignBanner(deps.db, locale),
  publicSettings: async () => {
    const options = await getGeneralOptions(deps.db);
    return { supportEmail: options.supportEmail, whatsappNumber: options.whatsappNumber };
  },
});
