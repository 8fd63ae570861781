import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFetcher, useLocation, useRouteLoaderData } from 'react-router';
import { useIsHydrated } from '../../../lib/use-is-hydrated';
import type { loader as rootLoader } from '../../../root';
import { isConsentChoice } from '../consent';

/**
 * First layer with Accept and Reject side by side, equally prominent. A real form: it works even when it is
 * clicked before the scripts have loaded.
 */
export const CookieBanner = () => {
  const { t } = useTranslation();
  const rootData = useRouteLoaderData<typeof rootLoader>('root');
  const fetcher = useFetcher<{ choice: string }>();
  const location = useLocation();
  const hydrated = useIsHydrated();
  const pending = fetcher.formData?.get('choice');
  const choice = isConsentChoice(pending) ? pending : (fetcher.data?.choice ?? rootData?.consent);
  if (choice) return null;

  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title" data-testid="cookie-banner">
      <Paper shadow="lg" p="md" radius="md" withBorder className="cookie-banner__panel">
        <Text component="h2" fw={700} size="md" id="cookie-banner-title">
          {t('cookies.title')}
        </Text>
        <Text size="sm" mt={4}>
          {t('cookies.text')}
        </Text>
        <fetcher.Form method="post" action="/cookie-consent">
          <input type="hidden" name="enhanced" value={hydrated ? '1' : '0'} />
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <Group mt="sm" gap="sm">
            <Button type="submit" name="choice" value="accepted">
              {t('cookies.accept')}
            </Button>
            <Button type="submit" name="choice" value="rejected">
              {t('cookies.reject')}
            </Button>
          </Group>
        </fetcher.Form>
      </Paper>
    </section>
  );
};
