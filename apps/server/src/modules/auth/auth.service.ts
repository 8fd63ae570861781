import { createHash, randomBytes } from 'node:crypto';
import {
  type AccountKind,
  type ChangePasswordBody,
  type Locale,
  type RegisterBody,
  type ResetPasswordBody,
  tokenMessages,
  type User,
} from '@esim/contracts';
import { type Db, hashPassword, verifyPassword } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../mail/mail.service';
import { renderActionMail } from '../mail/templates';
import {
  bumpSessionVersion,
  findUserByEmailAnyState,
  findUserByPhone,
  findUserToken,
  getSession,
  getUserDetails,
  insertSession,
  insertUser,
  insertUserToken,
  revokeSession,
  revokeUserSessions,
  type SessionRow,
  type UserDetails,
  type UserRow,
  updateUser,
  useUserToken,
} from './auth.repository';
import { closedAccountRefusal, customerMay } from './customer-lifecycle';
import type { TokenSigner } from './tokens';

export type AuthContext = {
  db: Db;
  tokens: TokenSigner;
  refreshWindowSeconds: number;
  tokenGraceSeconds: number;
};

/** What checking and issuing tokens needs from the app's dependencies. */
export type AuthDeps = {
  db: Db;
  tokens: TokenSigner;
  config: Pick<Config, 'refreshWindowSeconds' | 'tokenGraceSeconds'>;
};

export const authContext = (deps: AuthDeps): AuthContext => ({
  db: deps.db,
  tokens: deps.tokens,
  refreshWindowSeconds: deps.config.refreshWindowSeconds,
  tokenGraceSeconds: deps.config.tokenGraceSeconds,
});

export const toUserDto = ({ user, role, shop }: UserDetails): User => ({
  id: user.id,
  kind: user.kind,
  first_name: user.firstName,
  last_name: user.lastName,
  email: user.email,
  phone: user.phone,
  country: user.country,
  locale: user.locale as Locale,
  alert_channel: user.alertChannel,
  role_id: user.roleId,
  role: role ? { id: role.id, name: role.name } : null,
  shop: shop ? { id: shop.id, name: shop.name, status: shop.status } : null,
});

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const createRandomToken = () => randomBytes(32).toString('base64url');

// Verifying against a fixed hash keeps the timing of "unknown e-mail" close to "wrong password".
let dummyHash: Promise<string> | undefined;
const burnPasswordCheck = async (password: string) => {
  dummyHash ??= hashPassword('not-a-real-password-0');
  await verifyPassword(await dummyHash, password);
};

const issueToken = async (ctx: AuthContext, details: UserDetails, session: SessionRow) => ({
  access_token: await ctx.tokens.sign({
    sub: details.user.id,
    sid: session.id,
    ver: session.version,
    kind: details.user.kind,
  }),
  token_type: 'Bearer' as const,
  expires_in: ctx.tokens.ttlSeconds,
  user: toUserDto(details),
});

export const startSession = async (ctx: AuthContext, userId: string) => {
  const session = await insertSession(ctx.db, userId, new Date(Date.now() + ctx.refreshWindowSeconds * 1000));
  const details = await getUserDetails(ctx.db, userId);
  if (!details) throw new AppError('UNAUTHORIZED', undefined, tokenMessages.UNAUTHORIZED);
  return issueToken(ctx, details, session);
};

/**
 * Password login for one kind of account. A deleted account says so whatever the password (as every other door
 * does, ADR 0092); a blocked one after the right password (ADR 0022).
 */
export const login = async (ctx: AuthContext, kind: AccountKind, email: string, password: string) => {
  const found = await findUserByEmailAnyState(ctx.db, kind, email);
  // Customers' deleted accounts answer at every door; staff and shop accounts are never deleted by an action.
  const closed = found && kind === 'customer' ? closedAccountRefusal(found, 'login') : null;
  if (closed) {
    await burnPasswordCheck(password);
    throw new AppError(closed);
  }
  const user = found?.deletedAt ? undefined : found;
  if (!user?.passwordHash) {
    await burnPasswordCheck(password);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('INVALID_CREDENTIALS');
  if (!customerMay(user, 'signIn')) throw new AppError('ACCOUNT_BLOCKED');
  return user;
};

/**
 * Refuses an e-mail or phone another account holds. At registration (`door`), a deleted account's address says
 * it was deleted, as the other doors do (ADR 0092).
 */
export const assertEmailAndPhoneFree = async (
  db: Db,
  kind: AccountKind,
  email: string,
  phone: string | null,
  exceptUserId?: string,
  door?: 'register',
) => {
  const byEmail = await findUserByEmailAnyState(db, kind, email);
  if (byEmail && byEmail.id !== exceptUserId) {
    const code = (door && closedAccountRefusal(byEmail, door)) || 'EMAIL_TAKEN';
    throw new AppError(code, { email: [`errors.${code}`] });
  }
  if (phone) {
    const byPhone = await findUserByPhone(db, kind, phone);
    if (byPhone && byPhone.id !== exceptUserId)
      throw new AppError('PHONE_TAKEN', { phoneNumber: ['errors.PHONE_TAKEN'] });
  }
};

/** Maps a unique-index race (two registrations at once) onto the same messages as the pre-check. */
export const rethrowUniqueViolation = (error: unknown): never => {
  const pgError = error as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  };
  const code = pgError.code ?? pgError.cause?.code;
  const constraint = pgError.constraint ?? pgError.cause?.constraint ?? '';
  if (code === '23505' && constraint.includes('phone'))
    throw new AppError('PHONE_TAKEN', { phoneNumber: ['errors.PHONE_TAKEN'] });
  if (code === '23505') throw new AppError('EMAIL_TAKEN', { email: ['errors.EMAIL_TAKEN'] });
  throw error;
};

export const registerCustomer = async (ctx: AuthContext, body: RegisterBody, locale: Locale) => {
  await assertEmailAndPhoneFree(ctx.db, 'customer', body.email, body.phoneNumber, undefined, 'register');
  const user = await insertUser(ctx.db, {
    kind: 'customer',
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    phone: body.phoneNumber,
    locale,
    passwordHash: await hashPassword(body.password),
  }).catch(rethrowUniqueViolation);
  return startSession(ctx, user.id);
};

/** Checks a bearer token for a normal request: the three 401 replies of DESIGN section 5. */
export const authenticate = async (ctx: AuthContext, token: string | null) => {
  const unauthorized = new AppError('UNAUTHORIZED', undefined, tokenMessages.UNAUTHORIZED);
  if (!token) throw unauthorized;
  const verified = await ctx.tokens.verify(token);
  if (verified.status === 'invalid') throw unauthorized;
  const session = await getSession(ctx.db, verified.claims.sid);
  if (!session || session.revokedAt || session.userId !== verified.claims.sub) throw unauthorized;
  const now = Date.now();
  if (now > session.refreshUntil.getTime())
    throw new AppError('TOKEN_REFRESH_EXPIRED', undefined, tokenMessages.TOKEN_REFRESH_EXPIRED);
  const current = verified.claims.ver === session.version;
  const inGrace =
    verified.claims.ver === session.version - 1 && (session.previousValidUntil?.getTime() ?? 0) > now;
  if (!current && !inGrace) throw unauthorized;
  if (verified.status === 'expired')
    throw new AppError('TOKEN_EXPIRED', undefined, tokenMessages.TOKEN_EXPIRED);
  const details = await getUserDetails(ctx.db, session.userId);
  if (!details || !customerMay(details.user, 'signIn')) throw unauthorized;
  if (details.user.kind !== verified.claims.kind) throw unauthorized;
  return { details, session };
};

/**
 * Exchanges a (possibly expired) token for a new one within the absolute refresh window. The old token
 * keeps working for a short grace period; a second refresh of it in that period gets the current version.
 */
export const refresh = async (ctx: AuthContext, token: string | null) => {
  const unauthorized = new AppError('UNAUTHORIZED', undefined, tokenMessages.UNAUTHORIZED);
  if (!token) throw unauthorized;
  const verified = await ctx.tokens.verify(token);
  if (verified.status === 'invalid') throw unauthorized;
  const session = await getSession(ctx.db, verified.claims.sid);
  if (!session || session.revokedAt || session.userId !== verified.claims.sub) throw unauthorized;
  const now = Date.now();
  if (now > session.refreshUntil.getTime())
    throw new AppError('TOKEN_REFRESH_EXPIRED', undefined, tokenMessages.TOKEN_REFRESH_EXPIRED);
  const details = await getUserDetails(ctx.db, session.userId);
  if (!details || !customerMay(details.user, 'signIn')) throw unauthorized;

  if (verified.claims.ver === session.version) {
    const bumped = await bumpSessionVersion(ctx.db, session, new Date(now + ctx.tokenGraceSeconds * 1000));
    if (bumped) return issueToken(ctx, details, bumped);
    // Lost the race to a parallel refresh: fall through and reuse the winner's version.
    const latest = await getSession(ctx.db, session.id);
    if (latest && !latest.revokedAt && latest.version === session.version + 1)
      return issueToken(ctx, details, latest);
    throw unauthorized;
  }
  const inGrace =
    verified.claims.ver === session.version - 1 && (session.previousValidUntil?.getTime() ?? 0) > now;
  if (inGrace) return issueToken(ctx, details, session);
  throw unauthorized;
};

/** Logout accepts an expired token too: the session is what gets revoked. */
export const logout = async (ctx: AuthContext, token: string | null) => {
  const unauthorized = new AppError('UNAUTHORIZED', undefined, tokenMessages.UNAUTHORIZED);
  if (!token) throw unauthorized;
  const verified = await ctx.tokens.verify(token);
  if (verified.status === 'invalid') throw unauthorized;
  const session = await getSession(ctx.db, verified.claims.sid);
  if (!session || session.revokedAt) throw unauthorized;
  await revokeSession(ctx.db, session.id);
};

export const changePassword = async (
  ctx: AuthContext,
  userId: string,
  sessionId: string,
  body: ChangePasswordBody,
) => {
  const details = await getUserDetails(ctx.db, userId);
  if (!details?.user.passwordHash || !(await verifyPassword(details.user.passwordHash, body.currentPassword)))
    throw new AppError('WRONG_CURRENT_PASSWORD', { currentPassword: ['errors.WRONG_CURRENT_PASSWORD'] });
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, userId, { passwordHash: await hashPassword(body.password) });
    await revokeUserSessions(tx, userId, sessionId);
  });
};

export const resetTokenTtlMs = 60 * 60 * 1000;

/** Creates a single-use reset token; returns the raw token for the e-mail link (only its hash is stored). */
export const createPasswordReset = async (db: Db, userId: string, ttlMs = resetTokenTtlMs) => {
  const token = createRandomToken();
  await insertUserToken(db, {
    userId,
    purpose: 'password_reset',
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
};

/** E-mails a user a password reset link in their language (forgot password, or staff sending one). */
export const sendPasswordReset = async (
  deps: { db: Db; mailer: Mailer; i18n: ServerI18n; config: Pick<Config, 'siteUrl'> },
  user: Pick<UserRow, 'id' | 'kind' | 'email' | 'firstName' | 'locale'>,
) => {
  const token = await createPasswordReset(deps.db, user.id);
  const portal = user.kind === 'shop' ? '&portal=1' : '';
  const link = `${deps.config.siteUrl}/reset-password?token=${encodeURIComponent(token)}${portal}`;
  const t = deps.i18n.fixedT(user.locale as Locale, 'mail');
  await deps.mailer.send(
    renderActionMail(t, { to: user.email, name: user.firstName, link, template: 'resetPassword' }),
  );
};

export const resetPassword = async (db: Db, body: ResetPasswordBody) => {
  const row = await findUserToken(db, 'password_reset', hashToken(body.token));
  if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) throw new AppError('RESET_TOKEN_INVALID');
  await db.transaction(async (tx) => {
    if (!(await useUserToken(tx, row.id))) throw new AppError('RESET_TOKEN_INVALID');
    await updateUser(tx, row.userId, { passwordHash: await hashPassword(body.password) });
    // A reset means the old password may be known to someone else: end every session.
    await revokeUserSessions(tx, row.userId);
  });
};

export const getProfile = async (db: Db, userId: string) => {
  const details = await getUserDetails(db, userId);
  if (!details) throw new AppError('NOT_FOUND');
  return toUserDto(details);
};
