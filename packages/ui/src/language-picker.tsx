/**
 * The language picker of SPEC section 9 / issue 2: the twelve locales with their labels (`localeLabels`,
 * "Deutsch" spelled right) and flags served from our own origin (flag-icons SVGs bundled by Vite, never
 * inlined as data: URIs so a strict img-src CSP holds), dropdown at most 400px high.
 */
import { type Locale, localeFlags, localeLabels, locales } from '@esim/contracts/locales';
import { Menu, UnstyledButton } from '@mantine/core';
import al from 'flag-icons/flags/4x3/al.svg?no-inline';
import at from 'flag-icons/flags/4x3/at.svg?no-inline';
import de from 'flag-icons/flags/4x3/de.svg?no-inline';
import es from 'flag-icons/flags/4x3/es.svg?no-inline';
import fr from 'flag-icons/flags/4x3/fr.svg?no-inline';
import gb from 'flag-icons/flags/4x3/gb.svg?no-inline';
import gr from 'flag-icons/flags/4x3/gr.svg?no-inline';
import it from 'flag-icons/flags/4x3/it.svg?no-inline';
import mk from 'flag-icons/flags/4x3/mk.svg?no-inline';
import sa from 'flag-icons/flags/4x3/sa.svg?no-inline';
import se from 'flag-icons/flags/4x3/se.svg?no-inline';
import tr from 'flag-icons/flags/4x3/tr.svg?no-inline';

const flagUrls: Record<string, string> = { at, de, es, fr, gb, gr, it, mk, al, sa, se, tr };

export const languageDropdownMaxHeight = 400;

export const getFlagUrl = (locale: Locale): string => flagUrls[localeFlags[locale]] ?? '';

export type LanguageFlagProps = { locale: Locale; size?: number; loading?: 'lazy' | 'eager' };

/** A decorative flag (the label beside it names the language). */
export const LanguageFlag = ({ locale, size = 20, loading }: LanguageFlagProps) => (
  <img
    src={getFlagUrl(locale)}
    alt=""
    loading={loading}
    width={size}
    height={Math.round((size * 3) / 4)}
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
