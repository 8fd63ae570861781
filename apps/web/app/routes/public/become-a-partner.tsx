import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../components/page-meta';
import { listPhoneCountries } from '../../features/checkout/phone-countries';
import { PartnerForm } from '../../features/contact/components/partner-form';
import { PageIntro } from '../../features/content/components/page-intro';
import { resolveRequestLocale } from '../../lib/locale';
import type { Route } from './+types/become-a-partner';

/** The countries in the page's language, made on the server (`listPhoneCountries`). */
export const loader = ({ request, context }: Route.LoaderArgs) => ({
  countries: listPhoneCountries(resolveRequestLocale(request, context)),
});

const benefits = ['reseller', 'business', 'influencer'] as const;

export default function BecomeAPartnerRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={t('partner.title')} description={t('partner.description')} />
      <PageIntro id="partner-title" heading={t('partner.heading')} intro={t('partner.intro')} />
      <div className="container form-layout">
        <div className="form-card">
          <PartnerForm countries={loaderData.countries} />
        </div>
        <aside className="form-aside" aria-labelledby="partner-who">
          <h2 id="partner-who">{t('partner.whoTitle')}</h2>
          <ul>
            {benefits.map((type) => (
              <li key={type}>
                <strong>{t(`partner.businessTypes.${type}`)}:</strong> {t(`partner.who.${type}`)}
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </>
  );
}
