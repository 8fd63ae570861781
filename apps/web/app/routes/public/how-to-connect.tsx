import { PageMeta } from '../../components/page-meta';
import { PageIntro, Paragraphs } from '../../features/content/components/page-intro';
import type { HowToConnectContent } from '../../features/content/content-types';
import { getContent } from '../../lib/i18n.server';
import { resolveRequestLocale } from '../../lib/locale';
import type { Route } from './+types/how-to-connect';

export const loader = async ({ request, context }: Route.LoaderArgs) => {
  const settings = await context.site.publicSettings();
  return getContent<HowToConnectContent>(resolveRequestLocale(request, context), 'howToConnect', {
    email: settings.supportEmail,
    whatsapp: settings.whatsappNumber,
  });
};

const StepList = ({ id, heading, steps }: { id: string; heading: string; steps: string[] }) => (
  <section className="prose guide-card" aria-labelledby={id}>
    <h2 id={id}>{heading}</h2>
    <ol className="numbered-steps">
      {steps.map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ol>
  </section>
);

export default function HowToConnectRoute({ loaderData: content }: Route.ComponentProps) {
  return (
    <>
      <PageMeta title={content.title} description={content.description} />
      <PageIntro id="connect-title" heading={content.heading} intro={content.intro} />
      <div className="container prose-page">
        <div className="guide-grid">
          <StepList id="connect-iphone" heading={content.iphone.heading} steps={content.iphone.steps} />
          <StepList id="connect-android" heading={content.android.heading} steps={content.android.steps} />
        </div>
        <section className="prose">
          <h2>{content.activation.heading}</h2>
          <Paragraphs text={content.activation.body} />
        </section>
        <section className="prose">
          <h2>{content.reinstall.heading}</h2>
          <ul>
            {content.reinstall.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </section>
        <section className="prose">
          <h2>{content.troubleshooting.heading}</h2>
          <ul>
            {content.troubleshooting.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
