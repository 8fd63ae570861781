import '../../../styles/form-styles';
import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of every login-only page: a title, an optional intro and the form card. */
export const AuthPage = ({
  title,
  intro,
  children,
  size = 'xs',
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  size?: 'xs' | 'sm';
}) => {
  const { t } = useTranslation();
  return (
    <Container size={size} className="auth-page">
      <title>{`${title} · ${t('brand')}`}</title>
      <Title order={1} mb="xs">
        {title}
      </Title>
      {intro ? <Text mb="md">{intro}</Text> : null}
      <Paper withBorder shadow="sm" p="lg" radius="md" mt="md">
        {children}
      </Paper>
    </Container>
  );
};
