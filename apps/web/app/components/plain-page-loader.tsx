import { useTranslation } from 'react-i18next';

/**
 * `PageLoader` for pages without the UI kit (the order and payment pages): the site shell's spinner, so a page
 * waiting for its texts neither needs a MantineProvider nor loads the kit.
 */
export const PlainPageLoader = () => {
  const { t } = useTranslation();
  return (
    <div className="container">
      <p className="form-note" role="status" style={{ paddingBlock: '2rem', textAlign: 'center' }}>
        <span className="button__spinner" aria-hidden="true" /> {t('loading')}
      </p>
    </div>
  );
};
