import { LanguagePicker } from '@esim/ui/language-picker';
import { Burger, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../components/logo';
import { changeLocale, getCurrentLocale } from '../lib/i18n';
import { UserMenu } from './user-menu';

type AppHeaderProps = { navOpened: boolean; onToggleNav: () => void; showUserMenu: boolean };

/** Logo to `/`, language picker, avatar menu (SPEC "Dashboard layout"). */
export const AppHeader = ({ navOpened, onToggleNav, showUserMenu }: AppHeaderProps) => {
  const { t } = useTranslation('admin');
  useTranslation(); // re-render on language change so the picker shows the new value
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {showUserMenu ? (
          <Burger
            opened={navOpened}
            onClick={onToggleNav}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('header.toggleNavigation')}
            aria-expanded={navOpened}
          />
        ) : null}
        <Link to="/" aria-label={t('header.home')} style={{ textDecoration: 'none', display: 'inline-flex' }}>
          <Logo />
        </Link>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <LanguagePicker
          value={getCurrentLocale()}
          onChange={(locale) => void changeLocale(locale)}
          label={t('common:language.choose')}
          compact
        />
        {showUserMenu ? <UserMenu /> : null}
      </Group>
    </Group>
  );
};
