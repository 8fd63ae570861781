import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../components/page-meta';
import { ContactForm } from '../../features/contact/components/contact-form';
import { PageIntro } from '../../features/content/components/page-intro';
import { useRootData } from '../../lib/use-root-data';

export default function ContactRoute() {
  const { t } = useTranslation();
  const settings = useRootData()?.settings;
  return (
    <>
      <PageMeta title={t('contact.title')} description={t('contact.description')} />
      <PageIntro id="contact-title" heading={t('contact.heading')} intro={t('contact.intro')} />
      <div className="container form-layout">
        <div className="form-card">
          <ContactForm />
        </div>
        {settings ? (
          <aside className="form-aside" aria-labelledby="contact-direct">
            <h2 id="contact-direct">{t('contact.direct')}</h2>
            <p>
              {t('contact.emailUs')} <a href={`mailto:${settings.supportEmail}`}>{settings.supportEmail}</a>
            </p>
            <p>
              {t('contact.whatsappUs')}{' '}
              <a
                href={`https://wa.me/${settings.whatsappNumber.replace(/\D/g, '')}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {settings.whatsappNumber}
                <span className="visually-hidden"> ({t('footer.newTab')})</span>
              </a>
            </p>
          </aside>
        ) : null}
      </div>
    </>
  );
}
