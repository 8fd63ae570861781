import { type Locale, locales, localeTags } from '@esim/contracts/locales';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { localeQueryParam } from '../lib/locale';
import { useLocale } from '../lib/use-locale';
import { useRootData } from '../lib/use-root-data';

export type PageMetaProps = {
  title: string;
  description: string;
  /** schema.org objects written as JSON-LD (Organization, Product/Offer, FAQPage). */
  jsonLd?: unknown;
  /** Leave pages that must not be indexed out of search engines. */
  noIndex?: boolean;
};

const localizedUrl = (siteUrl: string, pathname: string, locale?: Locale) =>
  `${siteUrl}${pathname}${locale ? `?${localeQueryParam}=${locale}` : ''}`;

/** "de-AT" -> "de_AT", the form Open Graph expects. */
const ogLocale = (locale: Locale) => localeTags[locale].replace('-', '_');

/** JSON in a script element must not be able to close it. */
const serializeJsonLd = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Everything a search engine reads from a public page (DESIGN section 6): localized title and description, a
 * self-referencing canonical, hreflang alternates for the twelve locales (`?lang=<code>`) plus x-default, Open
 * Graph and JSON-LD. React hoists title, meta and link elements into <head>.
 */
export const PageMeta = ({ title, description, jsonLd, noIndex = false }: PageMetaProps) => {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const siteUrl = useRootData()?.siteUrl ?? '';
  const requested = new URLSearchParams(search).get(localeQueryParam);
  const canonical = localizedUrl(
    siteUrl,
    pathname,
    locales.find((l) => l === requested),
  );
  const fullTitle = `${title} · ${t('brand')}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noIndex ? <meta name="robots" content="noindex" /> : null}
      <link rel="canonical" href={canonical} />
      {locales.map((l) => (
        <link key={l} rel="alternate" hrefLang={localeTags[l]} href={localizedUrl(siteUrl, pathname, l)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={localizedUrl(siteUrl, pathname)} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={t('brand')} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={ogLocale(locale)} />
      <meta name="twitter:card" content="summary" />
      {jsonLd ? (
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD is data, serialized with "<" escaped.
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(jsonLd) }}
        />
      ) : null}
    </>
  );
};
