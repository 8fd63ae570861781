import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../components/dashboard-shell';
import { useLogout } from '../../features/auth/api/logout';
import { PortalHome } from '../../features/portal/components/portal-home';
import { useSession } from '../../lib/session';

/** The portal home (SPEC section 2): the shop's cards, recent activity and the "New subscriber" action. */
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
          <Button
            variant="outline"
            size="compact-md"
            onClick={() => void logout()}
            data-testid="portal-logout"
          >
            {t('nav.logout')}
          </Button>
        </Group>
      }
    >
      <PortalHome />
    </DashboardPage>
  );
}
