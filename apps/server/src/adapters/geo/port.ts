/** Resolves a visitor's country (ISO 3166 alpha-2) from the request, or null. */
export type GeoLocator = {
  countryOf: (input: { ip: string; headers: Record<string, string | string[] | undefined> }) => string | null;
};
