import { type AccountKind, type StaffRole, tokenMessages } from '@esim/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { SessionRow, UserDetails } from './auth.repository';
import { type AuthDeps, authContext, authenticate } from './auth.service';
import { bearerToken } from './tokens';

export type RequestAuth = { details: UserDetails; session: SessionRow };

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

/** Hook (preValidation) that admits only tokens of the given kinds: a customer token opens no portal or staff route. */
export const requireAuth =
  (deps: AuthDeps, kinds: readonly AccountKind[] = ['customer', 'shop', 'staff']) =>
  async (request: FastifyRequest) => {
    const auth = await authenticate(authContext(deps), bearerToken(request.headers.authorization));
    // A valid token of another kind is refused with 403, so the client keeps its (valid) session.
    if (!kinds.includes(auth.details.user.kind)) throw new AppError('FORBIDDEN');
    request.auth = auth;
  };

/** The authenticated request's auth; only call after requireAuth. */
export const authOf = (request: FastifyRequest): RequestAuth => {
  if (!request.auth) throw new AppError('UNAUTHORIZED', undefined, tokenMessages.UNAUTHORIZED);
  return request.auth;
};

/** The signed-in user's id; only call after requireAuth. */
export const userIdOf = (request: FastifyRequest) => authOf(request).details.user.id;

/** Hook (preValidation) for staff routes limited to some roles (SPEC section 6); other staff get 403. */
export const requireStaffRole =
  (deps: AuthDeps, roles: readonly StaffRole[]) => async (request: FastifyRequest) => {
    await requireAuth(deps, ['staff'])(request);
    const role = request.auth?.details.role?.name;
    if (!role || !roles.includes(role)) throw new AppError('FORBIDDEN');
  };
