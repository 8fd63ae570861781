import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '../../components/query-provider';
import { UiKitProvider } from '../../components/ui-kit-provider';
import { OutboxList } from '../../features/dev-mailbox/components/outbox-list';
import { useIsHydrated } from '../../lib/use-is-hydrated';
import type { Route } from './+types/mailbox';

/** Where the dev mailbox is off (production), its page does not exist either. */
export const loader = ({ context }: Route.LoaderArgs) => {
  if (!context.site.devMailbox) throw new Response(null, { status: 404 });
  return null;
};

/** Development and test only: page and API answer 404 when the dev mailbox is off. */
function DevMailboxRouteContent() {
  const { t } = useTranslation();
  const hydrated = useIsHydrated();
  return (
    <Container size="md" py="xl">
      <title>{`${t('mailbox.title')} · ${t('brand')}`}</title>
      <meta name="robots" content="noindex" />
      <Title order={1}>{t('mailbox.title')}</Title>
      <Text mt="xs" mb="lg">
        {t('mailbox.intro')}
      </Text>
      {hydrated ? <OutboxList /> : null}
    </Container>
  );
}

export default function DevMailboxRoute() {
  return (
    <UiKitProvider>
      <QueryProvider>
        <DevMailboxRouteContent />
      </QueryProvider>
    </UiKitProvider>
  );
}
