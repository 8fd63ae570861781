import type { HumanChallenge } from './auth';
import type { BlogPostLookup, BlogPostSummary, SeoKind, SeoPageText } from './blog';
import type {
  CountryPage,
  Destination,
  ListPackagesQuery,
  PackageDetail,
  PackageSummary,
  PagedPackages,
  RegionPage,
} from './catalogue';
import type { ContentPage } from './forms';
import type { Locale } from './locales';

/**
 * What the server hands the site's loaders in the React Router load context, so server rendering reads the
 * catalogue and content in-process (no HTTP round trip to itself). Failures throw; a missing item throws a
 * Response with status 404.
 */
export type SiteData = {
  listPackages: (query: ListPackagesQuery, locale: Locale) => Promise<PagedPackages>;
  getPackage: (slug: string, locale: Locale) => Promise<PackageDetail>;
  getCountryPage: (code: string, locale: Locale) => Promise<CountryPage>;
  getRegionPage: (code: string, locale: Locale) => Promise<RegionPage>;
  listDestinations: (kind: 'country' | 'region', locale: Locale) => Promise<Destination[]>;
  search: (q: string, locale: Locale) => Promise<Destination[]>;
  highlights: (locale: Locale) => Promise<{ popular: PackageSummary[]; offers: PackageSummary[] }>;
  getContentPage: (key: 'terms' | 'privacy', locale: Locale) => Promise<ContentPage>;
  publicSettings: () => Promise<{ supportEmail: string; whatsappNumber: string }>;
  /** The running campaign's banner in this language (issue 32); null when none runs. */
  campaignBanner?: (locale: Locale) => Promise<{ text: string } | null>;
  /** A new human-check challenge (GET /api/human-challenge's answer), for a form page to send with itself. */
  humanChallenge: () => Promise<HumanChallenge>;
  /** Staff-written texts of a country, region or package page in one language, or null (the page's own words). */
  getSeoText: (kind: SeoKind, code: string, locale: Locale) => Promise<SeoPageText | null>;
  /** Published posts, newest first; `country` keeps those linked to that country (its page's related posts). */
  listBlogPosts: (
    locale: Locale,
    options?: { country?: string; limit?: number },
  ) => Promise<BlogPostSummary[]>;
  /** A published post by any of its slugs, current or old (a 301 to the current one); a 404 Response otherwise. */
  getBlogPost: (slug: string, locale: Locale) => Promise<BlogPostLookup>;
  /** Every published post's slug per language it is written in, for the sitemap. */
  blogSitemap: () => Promise<{ slugs: Partial<Record<Locale, string>>; updatedAt: string }[]>;
  /** Absolute origin of the site, for canonical URLs, hreflang and the sitemap. */
  siteUrl: string;
  /** Whether the dev mailbox exists (development and test only); its page is a 404 otherwise. */
  devMailbox: boolean;
};

export type SiteLoadContext = { nonce: string; locale: Locale; site: SiteData };
