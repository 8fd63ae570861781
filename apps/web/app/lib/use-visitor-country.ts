import type { GeoResponse } from '@esim/contracts';
import type { CountryCode } from 'libphonenumber-js';
import { useEffect, useState } from 'react';
import { api } from './api';

/**
 * The visitor's country from GET /api/geo (our own server, DESIGN section 6), to preselect the phone input's
 * country (SPEC section 7). A failed lookup is logged and changes nothing.
 */
export const useVisitorCountry = (): CountryCode | undefined => {
  const [country, setCountry] = useState<CountryCode>();
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<GeoResponse>('/geo', { signal: controller.signal })
      .then(({ country_code }) => {
        if (country_code) setCountry(country_code.toUpperCase() as CountryCode);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('unable to fetch the country', error);
      });
    return () => controller.abort();
  }, []);
  return country;
};
