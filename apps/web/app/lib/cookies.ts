/** Reads one cookie from a Cookie header (server) or document.cookie (browser). */
export const readCookie = (cookieHeader: string | null | undefined, name: string): string | undefined => {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
};

const oneYearSeconds = 60 * 60 * 24 * 365;

/** First-party, strictly necessary cookies only (language, consent choice); never readable by other sites. */
export const writeCookie = (name: string, value: string, maxAgeSeconds = oneYearSeconds) => {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party cookie is all we need; no Cookie Store API in every browser.
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
};
