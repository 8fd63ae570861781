import { LanguagePicker } from '@esim/ui/language-picker';
import { useTranslation } from 'react-i18next';
import { useChangeLocale, useLocale } from '../../../lib/use-locale';

export const SiteLanguagePicker = () => {
  const { t } = useTranslation();
  const locale = useLocale();
  const changeLocale = useChangeLocale();
  return (
    <LanguagePicker
      value={locale}
      label={t('common:language.choose')}
      onChange={(next) => {
        void changeLocale(next);
      }}
    />
  );
};
