import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../components/page-meta';
import { MarkdownContent } from '../../features/content/components/markdown-content';
import { PageIntro } from '../../features/content/components/page-intro';
import { resolveRequestLocale } from '../../lib/locale';
import type { Route } from './+types/terms';

/** Stored, staff-editable content (GET /api/content/terms), seeded in twelve languages. */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  context.site.getContentPage('terms', resolveRequestLocale(request, context));

export default function TermsRoute({ loaderData: page }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={page.title} description={t('legal.termsDescription')} />
      <PageIntro id="terms-title" heading={page.title} />
      <div className="container prose-page">
        <MarkdownContent source={page.body} />
      </div>
    </>
  );
}
