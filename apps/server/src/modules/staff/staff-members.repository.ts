import { type StaffRole, staffRoleIds } from '@esim/contracts';
import type { StaffMembersQuery } from '@esim/contracts/staff';
import { type Db, users } from '@esim/db';
import { and, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { orderByOf, pageWindow } from '../../lib/list-query';

export type StaffRow = typeof users.$inferSelect;

const roleOfId = Object.fromEntries(Object.entries(staffRoleIds).map(([role, id]) => [id, role])) as Record<
  number,
  StaffRole
>;
export const roleOf = (row: Pick<StaffRow, 'roleId'>): StaffRole => roleOfId[row.roleId ?? 0] ?? 'analytics';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const conditions = (filters: Omit<StaffMembersQuery, 'page' | 'pageSize' | 'sort'>): SQL | undefined =>
  and(
    eq(users.kind, 'staff'),
    isNull(users.deletedAt),
    filters.role ? eq(users.roleId, staffRoleIds[filters.role]) : undefined,
    filters.status ? eq(users.status, filters.status === 'active' ? 'active' : 'blocked') : undefined,
    filters.q
      ? or(
          ilike(users.email, likePattern(filters.q)),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, likePattern(filters.q)),
        )
      : undefined,
  );

const sortColumns = { createdAt: users.createdAt, lastName: users.lastName, email: users.email };

export const listStaffMembers = async (db: Db, query: StaffMembersQuery) => {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(conditions(query))
      .orderBy(...orderByOf(query.sort, sortColumns, users.id))
      .limit(pageWindow(query).limit)
      .offset(pageWindow(query).offset),
    db.select({ value: count() }).from(users).where(conditions(query)),
  ]);
  return { rows, total: total?.value ?? 0 };
};

export const findStaffMember = async (db: Db, staffId: string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, staffId), eq(users.kind, 'staff'), isNull(users.deletedAt)));
  return row;
};

/** Locks a staff account for a change. */
export const lockStaffMember = async (tx: Db, staffId: string) => {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, staffId), eq(users.kind, 'staff'), isNull(users.deletedAt)))
    .for('update');
  return row;
};

/**
 * Locks every active admin and answers how many there are: two admins demoting each other at once are
 * serialized here, so one of them always stays.
 */
export const lockActiveAdmins = async (tx: Db) =>
  (
    await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.kind, 'staff'),
          eq(users.roleId, staffRoleIds.admin),
          eq(users.status, 'active'),
          isNull(users.deletedAt),
        ),
      )
      .for('update')
  ).length;

export const updateStaffMember = async (
  tx: Db,
  staffId: string,
  values: Partial<Pick<StaffRow, 'roleId' | 'status'>>,
) => {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, staffId))
    .returning();
  return row;
};

/** Every active admin account, with whether it has a password yet (the first admin's command). */
const adminAccounts = (db: Db) =>
  db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(
      and(
        eq(users.kind, 'staff'),
        eq(users.roleId, staffRoleIds.admin),
        eq(users.status, 'active'),
        isNull(users.deletedAt),
      ),
    );

/** The active admin accounts, locked: two first-admin commands at once are serialized. */
export const lockAdminAccounts = (tx: Db) => adminAccounts(tx).for('update');

/** A staff account by e-mail in any state (deactivated, deleted included). */
export const findStaffByEmail = async (db: Db, email: string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.kind, 'staff'), eq(users.email, email)))
    .limit(1);
  return row;
};

/** Whether an active admin with a password exists: someone can log in to the staff dashboard and invite. */
export const hasLoginAdmin = async (db: Db) =>
  (await adminAccounts(db)).some((admin) => admin.passwordHash !== null);
