import { PageMeta } from '../../components/page-meta';
import { PageIntro, Paragraphs } from '../../features/content/components/page-intro';
import type { AboutContent } from '../../features/content/content-types';
import { getContent } from '../../lib/i18n.server';
import { resolveRequestLocale } from '../../lib/locale';
import type { Route } from './+types/about';

export const loader = async ({ request, context }: Route.LoaderArgs) => {
  const settings = await context.site.publicSettings();
  return getContent<AboutContent>(resolveRequestLocale(request, context), 'about', {
    email: settings.supportEmail,
    whatsapp: settings.whatsappNumber,
  });
};

export default function AboutRoute({ loaderData: content }: Route.ComponentProps) {
  return (
    <>
      <PageMeta title={content.title} description={content.description} />
      <PageIntro id="about-title" heading={content.heading} intro={content.intro} />
      <div className="container prose-page">
        {content.sections.map((section) => (
          <section key={section.heading} className="prose">
            <h2>{section.heading}</h2>
            <Paragraphs text={section.body} />
          </section>
        ))}
      </div>
    </>
  );
}
