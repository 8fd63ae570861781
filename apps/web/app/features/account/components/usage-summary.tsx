import '@mantine/core/styles/SimpleGrid.css';
import { isEsimLive } from '@esim/contracts/esim-lifecycle';
import { Button, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEsims } from '../api/get-esims';
import { esimDigits } from '../format';
import { buyPackagePath, packagesPath } from '../links';
import { PackageStatusBadge, RemainingData } from './package-usage';

/**
 * The top of the dashboard home for a traveller on a phone: per working eSIM, how much data is left, until
 * when, and the way to get more. Nothing is shown while it loads or when there is no active package.
 */
export const UsageSummary = () => {
  const { t } = useTranslation();
  const esims = useEsims();
  const current = (esims.data ?? [])
    .filter((esim) => isEsimLive(esim.status))
    .flatMap((esim) => {
      const pkg =
        esim.packages.find((p) => p.status === 'active') ?? esim.packages.find((p) => p.status === 'queued');
      return pkg ? [{ esim, pkg }] : [];
    });
  if (current.length === 0) return null;
  return (
    <section aria-labelledby="usage-summary-heading" style={{ marginBottom: 24 }} data-testid="usage-summary">
      <Title order={2} size="h4" id="usage-summary-heading" mb="sm">
        {t('account:summary.heading')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {current.map(({ esim, pkg }) => (
          <Paper key={esim.id} withBorder radius="lg" p="md" component="article" aria-label={pkg.name}>
            <Group justify="space-between" gap="xs" mb={6}>
              <Text fw={700} size="sm">
                {pkg.name}
                <Text component="span" c="dark.6" fw={400}>
                  {' · '}
                  {t('account:esim.label', { digits: esimDigits(esim) })}
                </Text>
              </Text>
              <PackageStatusBadge status={pkg.status} />
            </Group>
            <RemainingData pkg={pkg} />
            <Group gap="xs" mt="sm">
              <Button component={Link} to={buyPackagePath(esim.id)} size="compact-md">
                {t('account:packages.buyMore')}
              </Button>
              <Button component={Link} to={packagesPath} size="compact-md" variant="outline">
                {t('account:summary.details')}
              </Button>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
};
