import { Anchor, Group, Loader, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../components/page-title';
import { useProfile } from '../features/profile/api/get-profile';
import { ProfileForm } from '../features/profile/components/profile-form';
import { loadArea } from '../lib/i18n';

export const clientLoader = loadArea('profile');

export default function ProfilePage() {
  const { t } = useTranslation('admin');
  const profile = useProfile();
  return (
    <>
      <PageTitle>{t('screens.profile')}</PageTitle>
      <Paper withBorder radius="md" p="lg" maw={720}>
        {profile.data ? (
          <ProfileForm key={profile.data.user.id} user={profile.data.user} />
        ) : profile.isError ? (
          <p role="alert">{t('common:errors.GENERIC')}</p>
        ) : (
          <Loader role="status" aria-label={t('loading')} />
        )}
      </Paper>
      <Group mt="md">
        <Anchor component={Link} to="/change-password" c="accent.7" td="underline">
          {t('screens.changePassword')}
        </Anchor>
      </Group>
    </>
  );
}
