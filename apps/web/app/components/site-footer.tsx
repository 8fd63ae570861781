import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRootData } from '../lib/use-root-data';

const whatsappLink = (number: string) => `https://wa.me/${number.replace(/\D/g, '')}`;

const footerLinks = [
  { to: '/about', key: 'nav.about' },
  { to: '/become-a-partner', key: 'nav.partner' },
  { to: '/blog', key: 'nav.blog' },
  { to: '/contact', key: 'nav.contact' },
  { to: '/terms', key: 'nav.terms' },
  { to: '/privacy', key: 'nav.privacy' },
] as const;

export const SiteFooter = () => {
  const { t } = useTranslation();
  const settings = useRootData()?.settings;
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__column">
          <h2 className="site-footer__heading">{t('footer.support')}</h2>
          <div className="site-footer__contacts" data-testid="footer-contacts">
            {settings ? (
              <>
                <a href={`mailto:${settings.supportEmail}`} className="site-footer__link">
                  {settings.supportEmail}
                </a>
                <a
                  href={whatsappLink(settings.whatsappNumber)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="site-footer__link"
                >
                  {t('footer.whatsapp')}
                  <span className="visually-hidden"> ({t('footer.newTab')})</span>
                </a>
              </>
            ) : null}
          </div>
        </div>
        <nav className="site-footer__column" aria-labelledby="footer-info-heading">
          <h2 className="site-footer__heading" id="footer-info-heading">
            {t('footer.information')}
          </h2>
          <ul className="site-footer__links">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="site-footer__link">
                  {t(link.key)}
                </Link>
              </li>
            ))}
            <li>
              {/* A plain link, not a client navigation: it works before the scripts, and the page opens at the
                  top, where the banner is (ADR 0086). */}
              <a href="?cookie-settings#cookie-banner" rel="nofollow" className="site-footer__link">
                {t('footer.cookieSettings')}
              </a>
            </li>
          </ul>
        </nav>
        <p className="site-footer__copyright">{t('footer.rights', { year })}</p>
      </div>
    </footer>
  );
};
