import type { Db } from '@esim/db';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { deriveKey } from '../../lib/keys';
import { type AuthDeps, authContext, authenticate } from '../auth/auth.service';
import { getOrder } from './orders.repository';

const viewTokenTtlSeconds = 2 * 3600;
const viewAudience = 'order-view';
const viewTokenType = 'order-view+jwt';

type ViewTokenDeps = { config: Pick<Config, 'jwtSecret'> };

/**
 * The proof that opens one order's receipt and its "try again" (ADR 0013): signed with a key
 * derived for order views only, so neither an access token nor any other token of ours passes for it.
 */
export const signViewToken = (deps: ViewTokenDeps, orderId: string) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: viewTokenType })
    .setSubject(orderId)
    .setAudience(viewAudience)
    .setIssuedAt()
    .setExpirationTime(`${viewTokenTtlSeconds}s`)
    .sign(deriveKey(deps.config.jwtSecret, 'order-view'));

/** Without this order's view token the order does not exist (404, not 401: it is no session matter). */
export const verifyViewToken = async (deps: ViewTokenDeps, token: string | undefined, orderId: string) => {
  const unauthorized = new AppError('NOT_FOUND');
  if (!token) throw unauthorized;
  try {
    const { payload } = await jwtVerify(token, deriveKey(deps.config.jwtSecret, 'order-view'), {
      audience: viewAudience,
      algorithms: ['HS256'],
      typ: viewTokenType,
    });
    if (payload.sub !== orderId) throw unauthorized;
  } catch {
    throw unauthorized;
  }
};

/**
 * The proof a buyer shows for an order: its view token, or the bearer token of the customer it belongs to (the
 * dashboard's top-ups and changes). Anything else finds no order.
 */
export const verifyOrderProof = async (
  deps: ViewTokenDeps & { db: Db } & AuthDeps,
  orderId: string,
  proof: { viewToken?: string; bearer: string | null },
) => {
  if (proof.viewToken || !proof.bearer) return verifyViewToken(deps, proof.viewToken, orderId);
  const { details } = await authenticate(authContext(deps), proof.bearer);
  const order = await getOrder(deps.db, orderId);
  if (!order || details.user.kind !== 'customer' || order.userId !== details.user.id)
    throw new AppError('NOT_FOUND');
};
