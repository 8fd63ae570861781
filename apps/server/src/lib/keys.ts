import { hkdfSync } from 'node:crypto';

/** What a key derived from the root secret is for; one key never serves two purposes. */
export type KeyPurpose = 'access-token' | 'order-view';

/**
 * A 256-bit key for one purpose, derived from the root secret (`JWT_SECRET`) with HKDF-SHA256 and the purpose as
 * its label: a token signed for one purpose never verifies under another's key, and no key is the root itself.
 */
export const deriveKey = (rootSecret: string, purpose: KeyPurpose): Uint8Array =>
  new Uint8Array(hkdfSync('sha256', rootSecret, 'esim-marketplace', `esim:${purpose}:v1`, 32));
