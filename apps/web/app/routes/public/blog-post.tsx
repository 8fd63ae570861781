import { blogPath } from '@esim/contracts/blog';
import { type Locale, locales, localeTags } from '@esim/contracts/locales';
import { formatDate } from '@esim/ui/format';
import { useTranslation } from 'react-i18next';
import { Link, redirect, useLocation } from 'react-router';
import { getPageTexts } from '../../lib/i18n.server';
import { localeQueryParam, resolveRequestLocale } from '../../lib/locale';
import { usePageTexts } from '../../lib/use-page-texts';
import { useRootData } from '../../lib/use-root-data';
import type { Route } from './+types/blog-post';

/**
 * One blog post (issue 32, ADR 0054). An old slug, or another language's, answers a 301 to the slug of the
 * translation the reader sees. The body is HTML the server rendered from Markdown and sanitised when staff saved
 * it; it is shown as it is, with no script of the page's own.
 */
export const loader = async ({ request, params, context }: Route.LoaderArgs) => {
  const locale = resolveRequestLocale(request, context);
  const found = await context.site.getBlogPost(params.slug, locale);
  if (found.kind === 'moved') throw redirect(`${blogPath(found.slug)}${new URL(request.url).search}`, 301);
  const { post } = found;
  return {
    texts: getPageTexts(locale, 'blog'),
    post,
    date: formatDate(post.publishedAt, locale),
    lang: post.locale === locale ? undefined : localeTags[post.locale],
  };
};

/**
 * The post's head: as PageMeta's, except that each language's alternate is that translation's own slug (a post's
 * address differs per language). Kept in this route, out of the shared PageMeta chunk, so the other public pages'
 * first load does not grow (the become-a-partner page is at its budget).
 */
const BlogPostMeta = ({ post }: { post: Route.ComponentProps['loaderData']['post'] }) => {
  const { t } = useTranslation();
  const siteUrl = useRootData()?.siteUrl ?? '';
  const requested = new URLSearchParams(useLocation().search).get(localeQueryParam);
  const at = (slug: string, locale?: Locale) =>
    `${siteUrl}${blogPath(slug)}${locale ? `?${localeQueryParam}=${locale}` : ''}`;
  const canonical = at(
    post.slug,
    locales.find((l) => l === requested),
  );
  const fullTitle = `${post.title} · ${t('brand')}`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description: post.summary,
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    inLanguage: localeTags[post.locale],
    mainEntityOfPage: at(post.slug),
    ...(post.coverUrl ? { image: `${siteUrl}${post.coverUrl}` } : {}),
    publisher: { '@type': 'Organization', name: t('brand'), url: siteUrl },
  };
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={post.summary} />
      <link rel="canonical" href={canonical} />
      {locales.map((l) => {
        const slug = post.slugs[l];
        return slug ? <link key={l} rel="alternate" hrefLang={localeTags[l]} href={at(slug, l)} /> : null;
      })}
      <link rel="alternate" hrefLang="x-default" href={at(post.slugs.en ?? post.slug)} />
      <meta property="og:type" content="article" />
      <meta property="og:site_name" content={t('brand')} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={post.summary} />
      <meta property="og:url" content={canonical} />
      {post.coverUrl ? <meta property="og:image" content={`${siteUrl}${post.coverUrl}`} /> : null}
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD is data, serialized with "<" escaped.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }}
      />
    </>
  );
};

export default function BlogPostRoute({ loaderData }: Route.ComponentProps) {
  usePageTexts('blog', loaderData.texts);
  const { t } = useTranslation();
  const { post } = loaderData;
  return (
    <>
      <BlogPostMeta post={post} />
      <article lang={loaderData.lang} data-testid="blog-post">
        <section className="page-hero" aria-labelledby="blog-post-title">
          <div className="container">
            <p className="page-hero__lead">
              <Link to={blogPath()}>{t('blog:back')}</Link>
            </p>
            <h1 id="blog-post-title">{post.title}</h1>
            <p className="page-hero__lead">
              <time dateTime={post.publishedAt}>{loaderData.date}</time>
            </p>
          </div>
        </section>
        <div className="container prose-page">
          {post.coverUrl ? <img className="blog-post__cover" src={post.coverUrl} alt="" /> : null}
          <div
            className="prose"
            data-testid="blog-post-body"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on save by the server (sanitize-html, ADR 0054).
            dangerouslySetInnerHTML={{ __html: post.bodyHtml }}
          />
        </div>
      </article>
    </>
  );
}
