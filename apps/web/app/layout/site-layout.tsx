import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from '../components/site-footer';
import { SessionSync } from '../features/auth/components/session-sync';
import { CookieBanner } from '../features/cookie-consent/components/cookie-banner';
import { LanguageSync } from '../features/language/components/language-sync';
import { SiteHeader } from './site-header';

/**
 * The cookie banner, header, main content and footer around every page. The banner sits in the flow above the
 * header, never fixed over the page: on a phone a fixed banner covered the QR code and primary actions.
 */
export const SiteLayout = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <div className="site">
      <a href="#main-content" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      <SessionSync />
      <LanguageSync />
      <CookieBanner />
      <SiteHeader />
      <main id="main-content" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
};
