import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { logoutStaff } from '../features/auth/api/logout';
import { useSession } from '../lib/session';
import { getAvatarLetter, getFullName } from '../lib/user-display';

/** Round avatar button; its menu shows the full name, e-mail, a Profile link and Logout. */
export const UserMenu = () => {
  const { t } = useTranslation('admin');
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fullName = getFullName(user);

  const logout = async () => {
    if (!(await logoutStaff())) return;
    queryClient.clear();
    await navigate('/login', { replace: true });
  };

  return (
    <Menu position="bottom-end" shadow="md" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('userMenu.open')}
          data-testid="user-menu"
          style={{ borderRadius: '50%' }}
        >
          <Avatar radius="xl" color="accent" variant="filled" size={40}>
            {getAvatarLetter(user?.first_name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('userMenu.label')}>
        <div style={{ padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm)' }}>
          <Text fw={600} data-testid="user-menu-name">
            {fullName}
          </Text>
          <Text size="sm" c="gray.7" data-testid="user-menu-email" style={{ overflowWrap: 'anywhere' }}>
            {user?.email}
          </Text>
        </div>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile">
          {t('userMenu.profile')}
        </Menu.Item>
        <Menu.Item onClick={() => void logout()}>{t('userMenu.logout')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
