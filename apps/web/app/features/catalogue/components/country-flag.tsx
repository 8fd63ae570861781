import { flagImage } from '@esim/ui/flags/flag-image';

/** A decorative country flag (the name beside it says which). Lazy, with a fixed box so nothing shifts. */
export const CountryFlag = ({ code, size = 24 }: { code: string; size?: number }) => (
  <img className="country-flag" {...flagImage(code, size)} alt="" loading="lazy" decoding="async" />
);
