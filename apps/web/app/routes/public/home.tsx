import { Button, Container, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Placeholder home: the hero only; package tabs come with the catalogue. */
export default function HomeRoute() {
  const { t } = useTranslation();
  return (
    <section className="hero" aria-labelledby="home-title">
      <title>{`${t('home.title')} · ${t('brand')}`}</title>
      <meta name="description" content={t('home.lead')} />
      <Container size="lg">
        <Title order={1} id="home-title" maw={720}>
          {t('home.title')}
        </Title>
        <Text size="lg" mt="md" maw={640}>
          {t('home.lead')}
        </Text>
        <Group mt="xl" gap="md">
          <Button component={Link} to="/register" size="md">
            {t('home.ctaRegister')}
          </Button>
          <Button component={Link} to="/portal/register" size="md" variant="outline">
            {t('home.ctaPortal')}
          </Button>
        </Group>
      </Container>
    </section>
  );
}
