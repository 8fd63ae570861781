import type { AccountKind } from '@esim/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';
import { deriveKey } from '../../lib/keys';

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

/** The JWT `typ` of an access token (RFC 9068); other tokens carry their own and fail this check. */
export const accessTokenType = 'at+jwt';

/**
 * HS256 access tokens that name their session, version and account kind (DESIGN section 5), under a key derived
 * for access tokens only, with their own `typ`: no other token of ours opens an endpoint as a bearer.
 */
export const createTokenSigner = (rootSecret: string, ttlSeconds: number) => {
  const key = deriveKey(rootSecret, 'access-token');
  return {
    ttlSeconds,
    sign: (claims: AccessClaims) =>
      new SignJWT({ sid: claims.sid, ver: claims.ver, kind: claims.kind })
        .setProtectedHeader({ alg: 'HS256', typ: accessTokenType })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token: string): Promise<VerifiedToken> => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], typ: accessTokenType });
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
