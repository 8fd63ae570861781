import { PageMeta } from '../../components/page-meta';
import { PageIntro } from '../../features/content/components/page-intro';
import type { DevicesContent } from '../../features/content/content-types';
import { DeviceFinder } from '../../features/devices/components/device-finder';
import { getContent } from '../../lib/i18n.server';
import { resolveRequestLocale } from '../../lib/locale';
import type { Route } from './+types/devices';

export const loader = async ({ request, context }: Route.LoaderArgs) => {
  const settings = await context.site.publicSettings();
  return getContent<DevicesContent>(resolveRequestLocale(request, context), 'devices', {
    email: settings.supportEmail,
    whatsapp: settings.whatsappNumber,
    // Filled in the browser with what the visitor searched for.
    query: '{query}',
  });
};

export default function DevicesRoute({ loaderData: content }: Route.ComponentProps) {
  return (
    <>
      <PageMeta title={content.title} description={content.description} />
      <PageIntro id="devices-title" heading={content.heading} intro={content.intro} />
      <div className="container prose-page">
        <ul className="fact-list" data-testid="device-facts">
          {content.facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
        <DeviceFinder
          searchLabel={content.searchLabel}
          searchPlaceholder={content.searchPlaceholder}
          noResults={content.noResults}
        />
        <p className="device-finder__note">{content.notListed}</p>
        <section className="prose guide-card" aria-labelledby="devices-check">
          <h2 id="devices-check">{content.howToCheck.heading}</h2>
          <ol className="numbered-steps">
            {content.howToCheck.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}
