import { type BlogPostSummary, blogPath } from '@esim/contracts/blog';
import { type Locale, localeTags } from '@esim/contracts/locales';
import { formatDate } from '@esim/ui/format';
import type { BlogCard } from './components/blog-cards';

/** A post as a card, its date written in the page's language on the server. */
export const toBlogCard = (post: BlogPostSummary, locale: Locale): BlogCard => ({
  id: post.id,
  title: post.title,
  summary: post.summary,
  href: blogPath(post.slug),
  date: formatDate(post.publishedAt, locale),
  isoDate: post.publishedAt,
  coverUrl: post.coverUrl,
  ...(post.locale === locale ? {} : { lang: localeTags[post.locale] }),
});
