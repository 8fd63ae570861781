import type { Destination, SearchResponse } from '@esim/contracts';
import type { Locale } from '@esim/contracts/locales';
import { api } from '../../../lib/api';

/**
 * GET /api/catalogue/search?q=: countries and regions whose name in any of the twelve languages (or ISO code)
 * matches. Names come back in the language the page shows, even before the visitor has saved a choice.
 */
export const searchDestinations = async (
  q: string,
  locale: Locale,
  signal?: AbortSignal,
): Promise<Destination[]> => {
  const response = await api.get<SearchResponse>('/catalogue/search', {
    query: { q },
    headers: { 'Accept-Language': locale },
    ...(signal ? { signal } : {}),
  });
  return response.items;
};
