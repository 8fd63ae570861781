import { type Locale, localeLabels, locales } from '@esim/contracts/locales';
import { LanguageFlag, languageDropdownMaxHeight } from '@esim/ui/language-picker';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { addressWith, isPlainClick } from '../../../lib/links';
import { localeQueryParam } from '../../../lib/locale';
import { useIsHydrated } from '../../../lib/use-is-hydrated';
import { useChangeLocale, useLocale } from '../../../lib/use-locale';

/**
 * The site's language menu (SPEC section 9): the twelve labels with their flags, at most 400px high. The same
 * menu-button pattern as @esim/ui's LanguagePicker, written without the UI kit's popover so public pages ship
 * no positioning library in their first load; the flags of the list load only when it opens.
 *
 * Before the scripts arrive (seconds on a slow phone, and a visitor from abroad may land in the wrong language)
 * it still works: the server renders it as a disclosure (`details`) whose items are links to the page with
 * `?lang=`. Once hydrated, the button and the items are handled here and the list exists only while open.
 */
export const SiteLanguagePicker = () => {
  const { t } = useTranslation();
  const locale = useLocale();
  const changeLocale = useChangeLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const hydrated = useIsHydrated();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDetailsElement>(null);
  const menuId = useId();
  const label = t('common:language.choose');

  const items = () => [...(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };

  // Opened before hydration (natively): carry on from there.
  useEffect(() => {
    if (rootRef.current?.open) setOpen(true);
  }, []);

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

  /** The twelve languages: links to this page in each, handled here once hydrated. */
  const languageLinks = (menu: boolean) =>
    locales.map((option) => (
      <a
        key={option}
        href={addressWith(location, localeQueryParam, option)}
        role={menu ? 'menuitem' : undefined}
        tabIndex={menu ? -1 : undefined}
        data-locale={option}
        aria-current={option === locale ? 'true' : undefined}
        className="language-picker__item"
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          void choose(option);
        }}
      >
        <LanguageFlag locale={option} loading="lazy" />
        <span>{localeLabels[option]}</span>
      </a>
    ));

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
    <details className="language-picker" ref={rootRef} open={open}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a details' summary is a button (its implicit role). */}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the button's own states, as on the menu button it was. */}
      <summary
        ref={buttonRef}
        className="language-picker__button"
        aria-label={`${label}: ${localeLabels[locale]}`}
        aria-haspopup={hydrated ? 'menu' : undefined}
        // Before hydration the disclosure's own open state speaks for itself.
        aria-expanded={hydrated ? open : undefined}
        aria-controls={open ? menuId : undefined}
        data-testid="language-picker"
        onClick={(event) => {
          event.preventDefault();
          setOpen((value) => !value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <LanguageFlag locale={locale} />
        <span className="language-picker__label">{localeLabels[locale]}</span>
      </summary>
      {hydrated ? (
        open ? (
          <div
            ref={listRef}
            id={menuId}
            role="menu"
            aria-label={label}
            className="language-picker__menu"
            style={{ maxHeight: languageDropdownMaxHeight }}
            onKeyDown={onListKeyDown}
          >
            {languageLinks(true)}
          </div>
        ) : null
      ) : (
        // Before hydration: the disclosure's plain links (a menu's arrow keys would need the scripts).
        <div className="language-picker__menu" style={{ maxHeight: languageDropdownMaxHeight }}>
          {languageLinks(false)}
        </div>
      )}
    </details>
  );
};
