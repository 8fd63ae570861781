import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DestinationLinkData, toDestinationLink } from '../../../lib/package-card';
import { useIsHydrated } from '../../../lib/use-is-hydrated';
import { useLocale } from '../../../lib/use-locale';
import { searchDestinations } from '../api/search-destinations';
import { DestinationList } from './destination-list';

const debounceMs = 200;
export const searchMaxLength = 100;

type DestinationSearchProps = {
  /** `?q=` of a search submitted before the scripts loaded, answered by the page's loader. */
  initialQuery: string;
  initialResults: DestinationLinkData[] | null;
};

/**
 * Search-as-you-type over countries and regions in any of the twelve languages ("Gjermani", "Allemagne", "DE").
 * Without scripts it is a plain GET form the home page's loader answers.
 */
export const DestinationSearch = ({ initialQuery, initialResults }: DestinationSearchProps) => {
  const { t } = useTranslation();
  const locale = useLocale();
  const hydrated = useIsHydrated();
  const inputId = useId();
  // Text typed before the scripts took over lives only in the DOM, and hydrating the controlled field would reset
  // it: the first render in the browser starts from what the field holds (useId names the server's element).
  const [query, setQuery] = useState(() =>
    typeof document === 'undefined'
      ? initialQuery
      : ((document.getElementById(inputId) as HTMLInputElement | null)?.value ?? initialQuery),
  );
  const [results, setResults] = useState(initialResults);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);

  // Text typed between that first render and hydration's end: adopt it once hydrated.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when hydration completes.
  useEffect(() => {
    if (!hydrated) return;
    const typed = inputRef.current?.value ?? '';
    if (typed !== query) setQuery(typed);
  }, [hydrated]);

  const run = async (q: string, signal?: AbortSignal) => {
    const call = ++latest.current;
    const trimmed = q.trim();
    if (!trimmed) {
      setResults(null);
      setFailed(false);
      return;
    }
    try {
      const items = await searchDestinations(trimmed.slice(0, searchMaxLength), locale, signal);
      if (call === latest.current) {
        setResults(items.map((item) => toDestinationLink(item, locale)));
        setFailed(false);
      }
    } catch (error) {
      if (signal?.aborted) return;
      console.error('Destination search failed', error);
      if (call === latest.current) setFailed(true);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: searches when the text or the language changes.
  useEffect(() => {
    if (!hydrated || query === initialQuery) return;
    const controller = new AbortController();
    const timer = setTimeout(() => void run(query, controller.signal), debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, locale, hydrated]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(query);
  };

  const trimmed = query.trim();
  return (
    <div className="destination-search">
      <search>
        <form method="get" action="/" onSubmit={onSubmit} className="destination-search__form">
          <label htmlFor={inputId} className="destination-search__label">
            {t('catalogue.searchLabel')}
          </label>
          <div className="destination-search__row">
            <input
              id={inputId}
              ref={inputRef}
              name="q"
              type="search"
              className="text-input"
              value={query}
              maxLength={searchMaxLength}
              placeholder={t('catalogue.searchPlaceholder')}
              autoComplete="off"
              data-testid="destination-search"
              onChange={(event) => setQuery(event.currentTarget.value)}
            />
            <button type="submit" className="button">
              {t('catalogue.searchSubmit')}
            </button>
          </div>
        </form>
      </search>
      <div aria-live="polite" className="destination-search__results" data-testid="search-results">
        {failed ? <p role="alert">{t('common:errors.INTERNAL')}</p> : null}
        {!failed && results && trimmed ? (
          results.length > 0 ? (
            <>
              <p className="destination-search__count">
                {t('catalogue.searchCount', { count: results.length, query: trimmed })}
              </p>
              <DestinationList destinations={results} />
            </>
          ) : (
            <p>{t('catalogue.noResults', { query: trimmed })}</p>
          )
        ) : null}
      </div>
    </div>
  );
};
