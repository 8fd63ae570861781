/**
 * A decorative country flag served from our own origin (/flags/<code>.svg, copied from flag-icons at build
 * time; DESIGN section 2: no third-party flag service). Lazy, with a fixed box so nothing shifts.
 */
export const CountryFlag = ({ code, size = 24 }: { code: string; size?: number }) => (
  <img
    className="country-flag"
    src={`/flags/${code.toLowerCase()}.svg`}
    alt=""
    width={size}
    height={Math.round((size * 3) / 4)}
    loading="lazy"
    decoding="async"
  />
);
