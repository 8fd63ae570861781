import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../components/dashboard-shell';
import { useLogout } from '../../features/auth/api/logout';
import { PortalHome } from '../../features/portal/components/portal-home';
import { useSession } from '../../lib/session';

/**
 * The portal home (SPEC section 2): the shop's name and a Log out button (secondary: grey outline) beside the
 * title, then the home's actions, cards and recent activity.
 */
export default function PortalHomeRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const logout = useLogout();
  if (!user) return null;
  return (
    <DashboardPage
      title={t('portal:shell.title')}
      intro={t('portal:shell.greeting', { name: user.first_name })}
      actions={
        <Group gap="sm" wrap="nowrap">
          {user.shop ? (
            <Text fw={700} data-testid="portal-shop">
              {user.shop.name}
            </Text>
          ) : null}
          <Button variant="default" size="sm" onClick={() => void logout()} data-testid="portal-logout">
            {t('nav.logout')}
          </Button>
        </Group>
      }
    >
      <PortalHome />
    </DashboardPage>
  );
}
