import { Anchor, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { SiteLanguagePicker } from '../features/language/components/site-language-picker';
import { AccountMenu } from './account-menu';
import { Logo } from './logo';

export const SiteHeader = () => {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <Container size="lg" className="site-header__inner">
        <Anchor component={Link} to="/" className="site-header__logo" underline="never">
          <Logo />
          <span>{t('brand')}</span>
        </Anchor>
        <nav aria-label={t('nav.main')} className="site-header__nav">
          <ul>
            <li>
              <NavLink to="/" end className="site-header__nav-link">
                {t('nav.home')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/portal" className="site-header__nav-link">
                {t('nav.portal')}
              </NavLink>
            </li>
          </ul>
        </nav>
        <Group gap="sm" wrap="nowrap" className="site-header__actions">
          <SiteLanguagePicker />
          <AccountMenu />
        </Group>
      </Container>
    </header>
  );
};
