import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const NotFound = () => {
  const { t } = useTranslation();
  return (
    <div className="container page-center status-page" data-testid="not-found">
      <title>{`${t('notFound.title')} · ${t('brand')}`}</title>
      <meta name="robots" content="noindex" />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/" className="button">
        {t('notFound.home')}
      </Link>
    </div>
  );
};
