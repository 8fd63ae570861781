import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../components/dashboard-shell';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { ProfileForm } from '../../features/account/components/profile-form';
import { useLogout } from '../../features/auth/api/logout';
import { listPhoneCountries } from '../../features/checkout/phone-countries';
import { PushSettings } from '../../features/push/components/push-settings';
import { getPageTexts } from '../../lib/i18n.server';
import { resolveRequestLocale } from '../../lib/locale';
import { useSession } from '../../lib/session';
import { usePageTexts } from '../../lib/use-page-texts';
import type { Route } from './+types/profile';

/**
 * Country names for the phone input and the country choice, in the page language (see phone-countries.ts), and
 * the notification settings' words (the `push` namespace's part this page shows: no chunk of the site's own).
 */
export const loader = ({ request, context }: Route.LoaderArgs) => {
  const locale = resolveRequestLocale(request, context);
  const push = getPageTexts(locale, 'push');
  return {
    countries: listPhoneCountries(locale),
    pushTexts: { locale, texts: { settings: push.texts.settings } },
  };
};

/** Profile (SPEC link target /profile): who is signed in, profile edit, change password, logout. */
export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const logout = useLogout();
  usePageTexts('push', loaderData.pushTexts);
  if (!user) return null;
  return (
    <DashboardPage
      title={t('account:profile.title')}
      intro={t('account:greeting', { name: user.first_name })}
    >
      <Stack gap="lg">
        <Paper withBorder p="md" radius="lg">
          <Group justify="space-between" align="center" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text fw={700} data-testid="profile-name">{`${user.first_name} ${user.last_name}`}</Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                <span className="visually-hidden">{t('common:fields.email')}: </span>
                <span data-testid="profile-email">{user.email}</span>
              </Text>
            </div>
            <Button variant="outline" onClick={() => void logout()} data-testid="profile-logout">
              {t('nav.logout')}
            </Button>
          </Group>
        </Paper>
        <Paper
          withBorder
          p={{ base: 'md', sm: 'lg' }}
          radius="lg"
          component="section"
          aria-labelledby="profile-details"
        >
          <Title order={2} size="h4" id="profile-details" mb="md">
            {t('account.profile.detailsHeading')}
          </Title>
          {/* key: a profile saved elsewhere (another tab) shows here after the next navigation. */}
          <ProfileForm key={user.id} user={user} countries={loaderData.countries} />
        </Paper>
        <Paper
          withBorder
          p={{ base: 'md', sm: 'lg' }}
          radius="lg"
          component="section"
          aria-labelledby="profile-password"
        >
          <Title order={2} size="h4" id="profile-password" mb="md">
            {t('account.profile.passwordHeading')}
          </Title>
          <ChangePasswordForm />
        </Paper>
        <PushSettings />
      </Stack>
    </DashboardPage>
  );
}
