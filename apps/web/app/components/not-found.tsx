import { Button, Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const NotFound = () => {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl" className="page-center" data-testid="not-found">
      <title>{`${t('notFound.title')} · ${t('brand')}`}</title>
      <Text className="not-found__code" aria-hidden="true">
        404
      </Text>
      <Title order={1}>{t('notFound.title')}</Title>
      <Text mt="sm">{t('notFound.text')}</Text>
      <Button component={Link} to="/" mt="lg">
        {t('notFound.home')}
      </Button>
    </Container>
  );
};
