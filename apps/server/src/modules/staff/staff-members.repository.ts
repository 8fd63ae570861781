import { type PageQuery, type StaffRole, staffRoleIds } from '@esim/contracts';
import type { StaffMembersQuery } from '@esim/contracts/staff';
import { type Db, users } from '@esim/db';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { defineListQuery, searchCondition } from '../../lib/list-query';

export type StaffRow = typeof users.$inferSelect;

const roleOfId = Object.fromEntries(Object.entries(staffRoleIds).map(([role, id]) => [id, role])) as Record<
  number,
  StaffRole
>;
export const roleOf = (row: Pick<StaffRow, 'roleId'>): StaffRole => roleOfId[row.roleId ?? 0] ?? 'analytics';

export type StaffMemberFilters = Omit<StaffMembersQuery, 'page' | 'pageSize' | 'sort'> & {
  sort?: StaffMembersQuery['sort'];
};

const conditions = (filters: StaffMemberFilters): SQL | undefined =>
  and(
    eq(users.kind, 'staff'),
    isNull(users.deletedAt),
    filters.role ? eq(users.roleId, staffRoleIds[filters.role]) : undefined,
    filters.status ? eq(users.status, filters.status === 'active' ? 'active' : 'blocked') : undefined,
    searchCondition(filters.q, [users.email, sql`${users.firstName} || ' ' || ${users.lastName}`]),
  );

const staffMemberList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({ member: users, ...listFields })
      .from(users)
      .$dynamic(),
  where: conditions,
  sortColumns: { createdAt: users.createdAt, lastName: users.lastName, email: users.email },
  tiebreak: users.id,
  defaultSort: '-createdAt',
});

/** One page of staff accounts and how many match. */
export const listStaffMembers = (db: Db, filters: StaffMemberFilters, page: PageQuery) =>
  staffMemberList.page(db, filters, page);

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
