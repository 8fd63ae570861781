import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../components/dashboard-shell';
import { LoadError, Loading } from '../../components/query-status';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { ProfileForm } from '../../features/account/components/profile-form';
import { listPhoneCountries } from '../../features/checkout/phone-countries';
import { useShop } from '../../features/portal/api/shop-profile';
import { ShopLogoForm, ShopProfileForm } from '../../features/portal/components/shop-profile-form';
import { resolveRequestLocale } from '../../lib/locale';
import { useSession } from '../../lib/session';
import { useLazyTexts } from '../../lib/use-lazy-texts';
import type { Route } from './+types/profile';

export const loader = ({ request, context }: Route.LoaderArgs) => ({
  countries: listPhoneCountries(resolveRequestLocale(request, context)),
});

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" component="section" aria-labelledby={id}>
    <Title order={2} size="h4" id={id} mb="md">
      {title}
    </Title>
    {children}
  </Paper>
);

/**
 * The portal profile: the shop (name, company logo, sellShopPrice, low-balance threshold), then the user's own
 * details and password through the same forms as the customer profile, saved through /api/portal.
 */
export default function PortalProfileRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const shop = useShop();
  // The profile and password forms are the dashboard's, with its texts.
  const accountTexts = useLazyTexts('account');
  if (!user) return null;
  return (
    <DashboardPage title={t('portal:shell.nav.profile')} intro={t('portal:profile.intro')}>
      <Stack gap="lg">
        <Section id="profile-shop" title={t('portal:profile.shopHeading')}>
          {shop.isPending ? (
            <Loading />
          ) : shop.isError ? (
            <LoadError error={shop.error} onRetry={() => void shop.refetch()} />
          ) : (
            <Stack gap="xl">
              <ShopProfileForm key={shop.data.id} shop={shop.data} />
              <ShopLogoForm shop={shop.data} />
            </Stack>
          )}
        </Section>
        <Section id="profile-details" title={t('account.profile.detailsHeading')}>
          {accountTexts ? (
            <ProfileForm key={user.id} user={user} countries={loaderData.countries} area="portal" />
          ) : (
            <Loading />
          )}
        </Section>
        <Section id="profile-password" title={t('account.profile.passwordHeading')}>
          {accountTexts ? <ChangePasswordForm area="portal" /> : <Loading />}
        </Section>
      </Stack>
    </DashboardPage>
  );
}
