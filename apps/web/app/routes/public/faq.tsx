import { PageMeta } from '../../components/page-meta';
import { PageIntro, Paragraphs } from '../../features/content/components/page-intro';
import type { FaqContent } from '../../features/content/content-types';
import { getContent } from '../../lib/i18n.server';
import { resolveRequestLocale } from '../../lib/locale';
import type { Route } from './+types/faq';

export const loader = async ({ request, context }: Route.LoaderArgs) => {
  const settings = await context.site.publicSettings();
  return getContent<FaqContent>(resolveRequestLocale(request, context), 'faq', {
    email: settings.supportEmail,
    whatsapp: settings.whatsappNumber,
  });
};

export default function FaqRoute({ loaderData: content }: Route.ComponentProps) {
  const faqPage = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: content.items.map((item) => ({
      '@type': 'Question',
      name: item.q,
      acceptedAnswer: { '@type': 'Answer', text: item.a },
    })),
  };
  return (
    <>
      <PageMeta title={content.title} description={content.description} jsonLd={faqPage} />
      <PageIntro id="faq-title" heading={content.heading} intro={content.intro} />
      <div className="container prose-page">
        <ul className="faq-list" data-testid="faq-list">
          {content.items.map((item) => (
            <li key={item.q} data-testid="faq-item">
              <details className="faq-item">
                <summary>
                  <h2 className="faq-item__question">{item.q}</h2>
                </summary>
                <div className="faq-item__answer">
                  <Paragraphs text={item.a} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
