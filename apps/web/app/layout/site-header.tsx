import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Logo } from '../components/logo';
import { SiteLanguagePicker } from '../features/language/components/site-language-picker';
import { AccountMenu } from './account-menu';

const navLinks = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/devices', key: 'nav.devices' },
  { to: '/how-to-connect', key: 'nav.howToConnect' },
  { to: '/faq', key: 'nav.faq' },
  { to: '/about', key: 'nav.about' },
  { to: '/contact', key: 'nav.contact' },
  { to: '/become-a-partner', key: 'nav.partner' },
  { to: '/gift-cards', key: 'giftCards.nav' },
  { to: '/portal', key: 'nav.portal' },
] as const;

export const SiteHeader = () => {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__logo">
          <Logo />
          <span>{t('brand')}</span>
        </Link>
        <div className="site-header__actions">
          <SiteLanguagePicker />
          <AccountMenu />
        </div>
      </div>
      <nav aria-label={t('nav.main')} className="site-header__nav">
        <ul className="container">
          {navLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={'end' in link} className="site-header__nav-link">
                {t(link.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
};
