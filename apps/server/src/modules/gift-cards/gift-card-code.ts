import { createHash, createHmac } from 'node:crypto';
import { deriveKey } from '../../lib/keys';

// A gift card's code (ADR 0040): derived from the card's random id with a key of its own (HKDF from the root
// secret), so the delivery job and a staff resend can write it again while the database keeps only its hash.

/** Crockford's base 32: no I, L, O or U, so a code read aloud or retyped is not mistaken. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `XXXX-XXXX-XXXX-XXXX`: 16 characters, 80 bits of an HMAC-SHA256, unguessable without the key. */
export const giftCardCodeOf = (rootSecret: string, giftCardId: string) => {
  const mac = createHmac('sha256', deriveKey(rootSecret, 'gift-card-code')).update(giftCardId).digest();
  let code = '';
  for (let i = 0; i < 16; i++) code += alphabet[(mac[i] ?? 0) % 32];
  return code.match(/.{4}/g)?.join('-') ?? code;
};

/** What the database keeps to find a card by its code (a normalised code, see contracts). */
export const giftCardCodeHash = (code: string) => createHash('sha256').update(code).digest('hex');

/** The last group, which staff and the buyer may see. */
export const giftCardCodeLast4 = (code: string) => code.slice(-4);

export const maskedGiftCardCode = (last4: string | null) => (last4 ? `••••-••••-••••-${last4}` : null);
