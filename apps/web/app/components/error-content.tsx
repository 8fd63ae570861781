import { useTranslation } from 'react-i18next';

export const ErrorContent = () => {
  const { t } = useTranslation();
  return (
    <div className="container page-center status-page">
      <title>{`${t('common:errors.INTERNAL')} · ${t('brand')}`}</title>
      <h1>{t('common:errors.INTERNAL')}</h1>
      <p>{t('error.text')}</p>
      <a href="/" className="button">
        {t('notFound.home')}
      </a>
    </div>
  );
};
