import { createSecretKey, hkdfSync, type KeyObject } from 'node:crypto';

/** What a key derived from the root secret is for; one key never serves two purposes. */
export type KeyPurpose = 'access-token' | 'order-view' | 'gift-card-code';

const derived = new Map<string, KeyObject>();

/**
 * A 256-bit key for one purpose, derived from the root secret (`JWT_SECRET`) with HKDF-SHA256 and the purpose as
 * its label: a token signed for one purpose never verifies under another's key, and no key is the root itself.
 * Derived once per secret and purpose: jose keeps the Web Crypto key it makes from a KeyObject, whereas raw
 * bytes were imported again (and the HKDF run again) for every order's view token.
 */
export const deriveKey = (rootSecret: string, purpose: KeyPurpose): KeyObject => {
  const label = `esim:${purpose}:v1`;
  const cacheKey = `${label}\u0000${rootSecret}`;
  let key = derived.get(cacheKey);
  if (!key) {
    key = createSecretKey(new Uint8Array(hkdfSync('sha256', rootSecret, 'esim-marketplace', label, 32)));
    derived.set(cacheKey, key);
  }
  return key;
};
