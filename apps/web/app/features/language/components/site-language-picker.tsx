import { type Locale, localeLabels, locales } from '@esim/contracts/locales';
import { LanguageFlag, languageDropdownMaxHeight } from '@esim/ui/language-picker';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { localeQueryParam } from '../../../lib/locale';
import { useChangeLocale, useLocale } from '../../../lib/use-locale';

/**
 * The site's language menu (SPEC section 9): the twelve labels with their flags, at most 400px high. The same
 * menu-button pattern as @esim/ui's LanguagePicker, written without the UI kit's popover so public pages ship
 * no positioning library in their first load; the flags of the list load only when it opens.
 */
export const SiteLanguagePicker = () => {
  const { t } = useTranslation();
  const locale = useLocale();
  const changeLocale = useChangeLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const label = t('common:language.choose');

  const items = () => [...(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves into the list only when it opens.
  useEffect(() => {
    if (!open) return;
    const current = items().findIndex((item) => item.dataset.locale === locale);
    focusItem(Math.max(current, 0));
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const choose = async (next: Locale) => {
    close();
    if (next === locale) return;
    await changeLocale(next);
    // A ?lang= in the address would win over the new choice on the next load: keep the address in step.
    const params = new URLSearchParams(location.search);
    if (params.has(localeQueryParam)) {
      params.set(localeQueryParam, next);
      await navigate(`${location.pathname}?${params.toString()}${location.hash}`, {
        replace: true,
        preventScrollReset: true,
      });
    } else await revalidator.revalidate(); // loaders render names and texts in the new language
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items().indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: -1,
    };
    if (event.key in moves) {
      event.preventDefault();
      focusItem(moves[event.key] ?? 0);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') setOpen(false);
  };

  return (
    <div className="language-picker" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="language-picker__button"
        aria-label={`${label}: ${localeLabels[locale]}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="language-picker"
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <LanguageFlag locale={locale} />
        <span className="language-picker__label">{localeLabels[locale]}</span>
      </button>
      {open ? (
        <div
          ref={listRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className="language-picker__menu"
          style={{ maxHeight: languageDropdownMaxHeight }}
          onKeyDown={onListKeyDown}
        >
          {locales.map((option) => (
            <button
              key={option}
              type="button"
              role="menuitem"
              tabIndex={-1}
              data-locale={option}
              aria-current={option === locale ? 'true' : undefined}
              className="language-picker__item"
              onClick={() => void choose(option)}
            >
              <LanguageFlag locale={option} />
              <span>{localeLabels[option]}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
};
