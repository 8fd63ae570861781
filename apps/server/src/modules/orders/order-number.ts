import { randomBytes } from 'node:crypto';

// Crockford's base32: no I, L, O or U, so a number read over the phone is not misheard or mistyped.
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A human-readable order number such as ES-7K3Q-9MXD: 40 random bits (about 10^12 values), so numbers reveal
 * nothing about sales volume; the unique index catches the rare collision and the caller draws again.
 */
export const createOrderNumber = (random: (size: number) => Buffer = randomBytes) => {
  const bytes = random(8);
  const chars = [...bytes].map((b) => alphabet[b % 32]).join('');
  return `ES-${chars.slice(0, 4)}-${chars.slice(4, 8)}`;
};

export const orderNumberPattern = /^ES-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
