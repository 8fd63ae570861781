import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Avatar.css';
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UiKitProvider } from '../components/ui-kit-provider';
import { useLogout } from '../features/auth/api/logout';
import { useSession } from '../lib/session';

/** The signed-in user's menu: their pages and logout. Loaded only once someone is signed in. */
const AccountDropdownMenu = () => {
  const { t } = useTranslation();
  const session = useSession();
  const logout = useLogout();

  if (!session.user) return null;

  const { user } = session;
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  // Customers: the dashboard home and the screens a traveller needs most; shop users: the portal.
  const links =
    user.kind === 'shop'
      ? [{ to: '/portal', label: t('nav.portal') }]
      : [
          { to: '/account', label: t('nav.profile') },
          { to: '/account/packages', label: t('account.nav.packages') },
          { to: '/account/qr-code', label: t('account.nav.qrCode') },
          { to: '/profile', label: t('account.nav.profile') },
        ];

  return (
    <Menu position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <UnstyledButton
          className="account-button"
          aria-label={t('nav.accountMenu', { name: fullName })}
          data-testid="account-menu"
        >
          <Avatar color="accent" radius="xl" size={36} aria-hidden="true">
            {(user.first_name[0] ?? 'A').toUpperCase()}
          </Avatar>
          <Text component="span" size="sm" fw={600} visibleFrom="sm">
            {user.first_name}
          </Text>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark.9">
            {fullName}
          </Text>
          <Text size="xs" c="dark.6">
            {user.email}
          </Text>
        </Menu.Label>
        {links.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
        <Menu.Item onClick={() => void logout()} data-testid="logout">
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};

/** Loaded lazily by AccountMenu, with the UI kit it needs. */
export const AccountDropdown = () => (
  <UiKitProvider>
    <AccountDropdownMenu />
  </UiKitProvider>
);
