import type { AccountKind } from '@esim/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';

export type AccessClaims = { sub: string; sid: string; ver: number; kind: AccountKind };

export type VerifiedToken =
  | { status: 'valid'; claims: AccessClaims }
  | { status: 'expired'; claims: AccessClaims }
  | { status: 'invalid' };

const isClaims = (payload: Record<string, unknown>): payload is AccessClaims & Record<string, unknown> =>
  typeof payload.sub === 'string' &&
  typeof payload.sid === 'string' &&
  typeof payload.ver === 'number' &&
  (payload.kind === 'customer' || payload.kind === 'shop' || payload.kind === 'staff');

/** HS256 access tokens that name their session, version and account kind (DESIGN section 5). */
export const createTokenSigner = (secret: string, ttlSeconds: number) => {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    sign: (claims: AccessClaims) =>
      new SignJWT({ sid: claims.sid, ver: claims.ver, kind: claims.kind })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token: string): Promise<VerifiedToken> => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return isClaims(payload) ? { status: 'valid', claims: payload } : { status: 'invalid' };
      } catch (error) {
        // jose checks the signature before the expiry, so an expired token's claims are trustworthy.
        if (error instanceof errors.JWTExpired && isClaims(error.payload)) {
          return { status: 'expired', claims: error.payload };
        }
        return { status: 'invalid' };
      }
    },
  };
};
export type TokenSigner = ReturnType<typeof createTokenSigner>;

export const bearerToken = (header: string | undefined): string | null => {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
};
