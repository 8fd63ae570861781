import { createContext, type ReactNode, useContext } from 'react';

/** The CSP nonce of this response (server only; browsers hide nonces, so the client sees ""). */
const NonceContext = createContext('');

export const NonceProvider = ({ value, children }: { value: string; children: ReactNode }) => (
  <NonceContext.Provider value={value}>{children}</NonceContext.Provider>
);

export const useNonce = () => useContext(NonceContext);
