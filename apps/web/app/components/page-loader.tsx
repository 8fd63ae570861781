import '@mantine/core/styles/Center.css';
import '../styles/form-styles';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const PageLoader = () => {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status">
      <Loader aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </Center>
  );
};
