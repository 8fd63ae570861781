/** The flag drawn at this width (apps/web/vite.config.ts draws each at 48 and 96 px). */
const flagSource = (code: string, width: 48 | 96) => `/flags/${width}/${code.toLowerCase()}.png`;

/**
 * A decorative country flag served from our own origin (drawn from flag-icons at build time; DESIGN section 2:
 * no third-party flag service). Lazy, with a fixed box so nothing shifts; the browser picks the drawing for the
 * screen's density.
 */
export const CountryFlag = ({ code, size = 24 }: { code: string; size?: number }) => (
  <img
    className="country-flag"
    src={flagSource(code, 48)}
    srcSet={`${flagSource(code, 48)} 48w, ${flagSource(code, 96)} 96w`}
    sizes={`${size}px`}
    alt=""
    width={size}
    height={Math.round((size * 3) / 4)}
    loading="lazy"
    decoding="async"
  />
);
