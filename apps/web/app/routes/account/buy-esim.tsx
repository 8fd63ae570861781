import { Button, Group, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { DashboardPage } from '../../components/dashboard-shell';
import { Notice } from '../../components/query-status';
import { searchMaxLength } from '../../features/catalogue/components/destination-search';
import { PackageGrid } from '../../features/catalogue/components/package-card';
import { resolveRequestLocale } from '../../lib/locale';
import { toPackageCard } from '../../lib/package-card';
import type { Route } from './+types/buy-esim';

/**
 * The packages to choose from, formatted on the server like the catalogue: those for a searched destination
 * (its local packages and the regional and global ones covering it), else the global ones.
 */
export const loader = async ({ request, context }: Route.LoaderArgs) => {
  const locale = resolveRequestLocale(request, context);
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, searchMaxLength);
  const result = await context.site.listPackages(
    q ? { q, page: 1, pageSize: 100 } : { type: 'global', page: 1, pageSize: 100 },
    locale,
  );
  return { q, packages: result.items.map((p) => toPackageCard(p, locale)) };
};

/**
 * Buy eSIM: a new eSIM with a package for the signed-in customer. Choosing a package opens the order page,
 * which fills in the customer's details; payment and the QR code follow the public checkout.
 */
export default function AccountBuyEsimRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { q, packages } = loaderData;
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/account/buy-esim';
  return (
    <DashboardPage title={t('account:buyEsim.title')} intro={t('account:buyEsim.intro')}>
      <Form method="get" role="search" data-testid="buy-esim-search" style={{ marginBottom: 24 }}>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            name="q"
            defaultValue={q}
            key={q}
            label={t('account:buyEsim.searchLabel')}
            placeholder={t('account:buyEsim.searchPlaceholder')}
            maxLength={searchMaxLength}
            style={{ flex: 1, minWidth: 0 }}
            autoComplete="off"
          />
          <Button type="submit" loading={searching}>
            {t('account:buyEsim.search')}
          </Button>
        </Group>
      </Form>
      <section aria-labelledby="buy-esim-results" aria-busy={searching}>
        <Title order={2} size="h4" id="buy-esim-results" mb="xs" data-testid="buy-esim-heading">
          {q
            ? t('account:buyEsim.results', { query: q, count: packages.length })
            : t('account:buyEsim.globalHeading')}
        </Title>
        {q ? null : (
          <Text size="sm" mb="md">
            {t('account:buyEsim.hint')}
          </Text>
        )}
        {packages.length === 0 ? (
          <Notice testId="buy-esim-none">{t('account:buyEsim.noResults', { query: q })}</Notice>
        ) : (
          <PackageGrid packages={packages} />
        )}
      </section>
    </DashboardPage>
  );
}
