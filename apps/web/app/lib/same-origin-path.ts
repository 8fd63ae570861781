/**
 * A redirect target taken from a request, kept only when it is a path on this site: "/..." but not "//host"
 * (scheme-relative), no backslash (browsers read "/\host" as "//host"), no control characters; else "/".
 */
export const sameOriginPath = (value: unknown, fallback = '/'): string => {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\\\u0000-\u001F\u007F]/.test(value)) return fallback;
  try {
    // Resolved against a placeholder origin, a real path stays on it.
    return new URL(value, 'http://same.invalid').origin === 'http://same.invalid' ? value : fallback;
  } catch {
    return fallback;
  }
};
