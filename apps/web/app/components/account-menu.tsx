import { Avatar, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogout } from '../features/auth/api/logout';
import { useSession } from '../lib/session';

/** Log in / register for visitors; a menu with the landing page and logout for signed-in users. */
export const AccountMenu = () => {
  const { t } = useTranslation();
  const session = useSession();
  const logout = useLogout();

  if (session.status !== 'authenticated' || !session.user)
    return (
      <Group gap="xs" wrap="nowrap">
        <Button component={Link} to="/login" variant="subtle">
          {t('nav.login')}
        </Button>
        <Button component={Link} to="/register">
          {t('nav.register')}
        </Button>
      </Group>
    );

  const { user } = session;
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  const landing =
    user.kind === 'shop'
      ? { to: '/portal', label: t('nav.portal') }
      : { to: '/profile', label: t('nav.profile') };

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
        <Menu.Item component={Link} to={landing.to}>
          {landing.label}
        </Menu.Item>
        <Menu.Item onClick={() => void logout()} data-testid="logout">
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
