import { Button, Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const ErrorContent = () => {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl" className="page-center">
      <title>{`${t('common:errors.INTERNAL')} · ${t('brand')}`}</title>
      <Title order={1}>{t('common:errors.INTERNAL')}</Title>
      <Text mt="sm">{t('error.text')}</Text>
      <Button component="a" href="/" mt="lg">
        {t('notFound.home')}
      </Button>
    </Container>
  );
};
