import type { AccountKind, StaffRole } from './auth';

/**
 * Who may call an API route or open a staff screen, as data (SPEC section 6). The server's routes declare one
 * of these (`config: { access }`), its guard enforces it and the authorization-matrix test checks every route
 * against it; the staff dashboard's screen table (apps/admin/app/lib/access.ts) uses the same role names.
 */
export type StaffAccess = 'everyStaff' | 'adminOnly' | 'adminAndAnalytics' | 'adminAndEditor';

export const staffAccessRoles: Record<StaffAccess, readonly StaffRole[]> = {
  everyStaff: ['admin', 'editor', 'analytics'],
  adminOnly: ['admin'],
  // "Routes for admin and analytics are blocked for editors" (SPEC section 6).
  adminAndAnalytics: ['admin', 'analytics'],
  adminAndEditor: ['admin', 'editor'],
};

/**
 * - `public`: anyone; a bearer token is not read.
 * - `session`: a token of any kind that may have expired (refresh and logout); the route checks it itself.
 * - `{ kinds }`: a valid access token of one of these account kinds (none: 401, another kind: 403). With
 *   `optional`, no token is fine too, but a token that is sent must be valid and of these kinds.
 * - `{ staff }`: a staff token whose role the named rule admits (another role: 403).
 */
export type RouteAccess =
  | 'public'
  | 'session'
  | { kinds: readonly AccountKind[]; optional?: true }
  | { staff: StaffAccess };

/** The callers the authorization matrix tries on every route. */
export const tokenKinds = ['none', 'customer', 'shop', 'admin', 'editor', 'analytics'] as const;
export type TokenKind = (typeof tokenKinds)[number];

/** What a caller gets from a route's rule before the route runs: through, 401, or 403. */
export const accessDecision = (access: RouteAccess, caller: TokenKind): 'allow' | 401 | 403 => {
  if (access === 'public') return 'allow';
  if (access === 'session') return caller === 'none' ? 401 : 'allow';
  if (caller === 'none') return 'kinds' in access && access.optional ? 'allow' : 401;
  const kind: AccountKind = caller === 'customer' || caller === 'shop' ? caller : 'staff';
  if ('kinds' in access) return access.kinds.includes(kind) ? 'allow' : 403;
  if (kind !== 'staff') return 403;
  return staffAccessRoles[access.staff].includes(caller as StaffRole) ? 'allow' : 403;
};
