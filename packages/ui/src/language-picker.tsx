/**
 * The language picker of SPEC section 9 / issue 2: the twelve locales with their labels (`localeLabels`,
 * "Deutsch" spelled right) and flags served from our own origin (flags/flag-image.ts), dropdown at most 400px
 * high.
 */
import { type Locale, localeFlags, localeLabels, locales } from '@esim/contracts/locales';
import { Menu, UnstyledButton } from '@mantine/core';
import { flagImage } from './flags/flag-image';

export const languageDropdownMaxHeight = 400;

export type LanguageFlagProps = { locale: Locale; size?: number; loading?: 'lazy' | 'eager' };

/** A decorative flag (the label beside it names the language). */
export const LanguageFlag = ({ locale, size = 20, loading }: LanguageFlagProps) => (
  <img
    {...flagImage(localeFlags[locale], size)}
    alt=""
    loading={loading}
    decoding="async"
    style={{ display: 'block', borderRadius: 2, boxShadow: '0 0 0 1px rgb(0 0 0 / 0.15)', flex: 'none' }}
  />
);

export type LanguagePickerProps = {
  value: Locale;
  onChange: (locale: Locale) => void;
  /** Accessible name of the button, e.g. t('common:language.choose'); the current label is appended. */
  label: string;
  /** Hide the current language's label next to the flag (narrow headers); it stays in the accessible name. */
  compact?: boolean;
};

export const LanguagePicker = ({ value, onChange, label, compact = false }: LanguagePickerProps) => (
  <Menu position="bottom-end" shadow="md" width={220} withinPortal>
    <Menu.Target>
      <UnstyledButton
        aria-label={`${label}: ${localeLabels[value]}`}
        data-testid="language-picker"
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 8,
          minHeight: 40,
          minWidth: 40,
          padding: '6px 10px',
          borderRadius: 'var(--mantine-radius-md)',
          border: '1px solid var(--mantine-color-gray-5)',
        }}
      >
        <LanguageFlag locale={value} />
        {compact ? null : <span>{localeLabels[value]}</span>}
      </UnstyledButton>
    </Menu.Target>
    <Menu.Dropdown aria-label={label} style={{ maxHeight: languageDropdownMaxHeight, overflowY: 'auto' }}>
      {locales.map((locale) => (
        <Menu.Item
          key={locale}
          data-locale={locale}
          leftSection={<LanguageFlag locale={locale} />}
          onClick={() => onChange(locale)}
          fw={locale === value ? 700 : 400}
          aria-current={locale === value ? 'true' : undefined}
        >
          {localeLabels[locale]}
        </Menu.Item>
      ))}
    </Menu.Dropdown>
  </Menu>
);
