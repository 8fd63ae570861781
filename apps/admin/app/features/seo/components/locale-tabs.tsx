import { type Locale, localeLabels, locales, localeTags } from '@esim/contracts';
import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One tab per language, each marked when it is not written or has errors, so staff see at a glance which of the
 * twelve need work. Panels stay mounted: every language's fields belong to the one form.
 */
export const LocaleTabs = ({
  written,
  invalid,
  children,
}: {
  written: (locale: Locale) => boolean;
  invalid: (locale: Locale) => boolean;
  children: (locale: Locale) => ReactNode;
}) => {
  const { t } = useTranslation('admin-seo');
  return (
    <Tabs defaultValue="sq" keepMounted>
      <Tabs.List>
        {locales.map((locale) => (
          <Tabs.Tab
            key={locale}
            value={locale}
            c={invalid(locale) ? 'red.9' : undefined}
            data-testid={`locale-tab-${locale}`}
          >
            {localeLabels[locale]}
            {invalid(locale)
              ? ` (${t('editor.hasErrors')})`
              : written(locale)
                ? ''
                : ` (${t('editor.notWritten')})`}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {locales.map((locale) => (
        <Tabs.Panel
          key={locale}
          value={locale}
          pt="md"
          lang={localeTags[locale]}
          dir={locale === 'sa' ? 'rtl' : 'ltr'}
        >
          {children(locale)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
};
