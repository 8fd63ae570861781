import { Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The page's one h1, also written into the document title ("Title · eSIM Staff"). */
export const PageTitle = ({ children }: { children: string }) => {
  const { t } = useTranslation('admin');
  const appName = t('app.name');
  useEffect(() => {
    document.title = `${children} · ${appName}`;
  }, [children, appName]);
  return (
    <Title order={1} size="h2" mb="lg">
      {children}
    </Title>
  );
};
