/** The SEO lists, defined once per kind of page: each country, region or global package and its warnings. */
import { type Locale, localeLabels, type SeoKind } from '@esim/contracts';
import { blogPostsQuerySchema, blogStatuses, seoTargetsQuerySchema } from '@esim/contracts/staff';
import { defineList } from '@esim/ui/list/define-list';
import { defineStatuses } from '@esim/ui/status-list';
import { blogPostsListId, listBlogPosts } from './api/blog-posts';
import { listSeoTargets } from './api/seo-pages';

const names = (list: readonly Locale[]) => list.map((l) => localeLabels[l]).join(', ');

const seoTargetsList = (kind: SeoKind) =>
  defineList({
    id: `seo-${kind}`,
    query: seoTargetsQuerySchema,
    fetch: listSeoTargets(kind),
    labels: 'admin-seo:targets',
    rowId: (target) => target.code,
    columns: (col) => [
      col.text('name', { sortable: true, opensDetail: true }),
      col.text('code'),
      col.number('localesCount', { sortable: true }),
      col.custom('missingLocales', (target, { t }) =>
        target.missingLocales.length === 0 ? t('admin-seo:targets.none') : names(target.missingLocales),
      ),
      col.custom('tooLongLocales', (target, { t }) =>
        target.tooLongLocales.length === 0 ? t('admin-seo:targets.none') : names(target.tooLongLocales),
      ),
      col.date('updatedAt'),
    ],
    filters: (filter) => [filter.search('q')],
  });

export const seoLists = {
  country: seoTargetsList('country'),
  region: seoTargetsList('region'),
  package: seoTargetsList('package'),
};

export const blogStatus = defineStatuses('admin-seo:posts.statuses', { draft: 'gray', published: 'green' });

export const blogPostsList = defineList({
  id: blogPostsListId,
  query: blogPostsQuerySchema,
  fetch: listBlogPosts,
  labels: 'admin-seo:posts',
  rowId: (post) => post.id,
  columns: (col) => [
    col.link('title', (post) => `/seo/blogs/edit/${post.id}`, { sortable: true }),
    col.text('slug'),
    col.status('status', blogStatus),
    col.custom('locales', (post) => names(post.locales)),
    col.custom('countries', (post) => post.countries.join(', ')),
    col.date('publishedAt', { sortable: true, time: false }),
    col.date('updatedAt', { sortable: true, hidden: true }),
  ],
  filters: (filter) => [filter.search('q'), filter.select('status', blogStatuses, blogStatus.labels)],
});
