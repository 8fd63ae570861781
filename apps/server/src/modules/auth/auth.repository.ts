import type { AccountKind } from '@esim/contracts';
import { type Db, roles, sessions, shops, type UserTokenPurpose, users, userTokens } from '@esim/db';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export const findUserByPhone = async (db: Db, kind: AccountKind, phone: string) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.kind, kind), eq(users.phone, phone)))
    .limit(1);
  return row;
};

/** The account holding an e-mail whatever its state (deleted accounts keep their address until erased). */
export const findUserByEmailAnyState = async (db: Db, kind: AccountKind, email: string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.kind, kind), eq(users.email, email)))
    .limit(1);
  return row;
};

/** The language an account's e-mails are written in (ADR 0092): chosen on the profile, first the sign-up page's. */
export const findAccountLocale = async (db: Db, userId: string) =>
  (await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1))[0]?.locale;

/** A user with the role and shop the API's User shape needs, in one query. */
export const getUserDetails = async (db: Db, userId: string) => {
  const [row] = await db
    .select({ user: users, role: roles, shop: shops })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(shops, eq(shops.id, users.shopId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
};
export type UserDetails = NonNullable<Awaited<ReturnType<typeof getUserDetails>>>;

export const insertUser = async (db: Db, values: NewUserRow) => {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insertUser returned nothing');
  return row;
};

export const updateUser = (db: Db, userId: string, values: Partial<NewUserRow>) =>
  db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));

export const insertShop = async (db: Db, values: typeof shops.$inferInsert) => {
  const [row] = await db.insert(shops).values(values).returning();
  if (!row) throw new Error('insertShop returned nothing');
  return row;
};

export const activateShop = (db: Db, shopId: string) =>
  db
    .update(shops)
    .set({ status: 'active' })
    .where(and(eq(shops.id, shopId), eq(shops.status, 'pending_verification')));

export const insertSession = async (db: Db, userId: string, refreshUntil: Date) => {
  const [row] = await db.insert(sessions).values({ userId, refreshUntil }).returning();
  if (!row) throw new Error('insertSession returned nothing');
  return row;
};

export const getSession = async (db: Db, sessionId: string) => {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row;
};

/** Compare-and-set: only one of several parallel refreshes of the same version wins. */
export const bumpSessionVersion = async (db: Db, session: SessionRow, graceUntil: Date) => {
  const [row] = await db
    .update(sessions)
    .set({ version: sql`${sessions.version} + 1`, previousValidUntil: graceUntil, lastSeenAt: new Date() })
    .where(
      and(eq(sessions.id, session.id), eq(sessions.version, session.version), isNull(sessions.revokedAt)),
    )
    .returning();
  return row;
};

export const revokeSession = (db: Db, sessionId: string) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));

export const revokeUserSessions = (db: Db, userId: string, exceptSessionId?: string) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );

export const insertUserToken = (
  db: Db,
  values: {
    userId: string;
    purpose: UserTokenPurpose;
    tokenHash: string;
    expiresAt: Date;
    email?: string;
  },
) => db.insert(userTokens).values(values);

export const findUserToken = async (db: Db, purpose: UserTokenPurpose, tokenHash: string) => {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.purpose, purpose), eq(userTokens.tokenHash, tokenHash)))
    .limit(1);
  return row;
};

/** Marks a token used unless it already was; returns whether this call used it (single use under races). */
export const useUserToken = async (db: Db, tokenId: string) => {
  const rows = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.id, tokenId), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return rows.length === 1;
};

/** Marks every unused token of one purpose of a user used (a newer e-mail change replaces the older one). */
export const voidUserTokens = (db: Db, userId: string, purpose: UserTokenPurpose) =>
  db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
