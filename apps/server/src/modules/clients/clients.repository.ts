import type { PageQuery } from '@esim/contracts';
import type { ClientsCsvQuery } from '@esim/contracts/staff';
import { type Db, users } from '@esim/db';
import { and, eq, gte, isNotNull, isNull, lt, notLike, type SQL, sql } from 'drizzle-orm';
import { defineListQuery, searchCondition } from '../../lib/list-query';
import { erasedEmailDomain } from '../auth/customer-lifecycle';

export type ClientRow = typeof users.$inferSelect;

export type ClientFilters = Omit<ClientsCsvQuery, 'sort'> & { sort?: ClientsCsvQuery['sort'] };

// Written with table names: drizzle leaves columns unqualified in a one-table select, which a subquery over
// other tables with the same column names would misread.
const hasActiveEsim = sql<boolean>`exists (
  select 1 from esims e join esim_packages p on p.esim_id = e.id
  where e.user_id = "users"."id" and p.status = 'active')`;

const ordersCount = sql<number>`(select count(*)::int from orders o where o.user_id = "users"."id")`;

const clientSortColumns = {
  createdAt: users.createdAt,
  lastName: users.lastName,
  email: users.email,
};

/** The day after a YYYY-MM-DD date, at 00:00 UTC: `to` includes its whole day. */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

const conditions = (filters: ClientFilters): SQL | undefined => {
  const where: (SQL | undefined)[] = [eq(users.kind, 'customer')];
  if (filters.status === 'deleted') where.push(isNotNull(users.deletedAt));
  else {
    where.push(isNull(users.deletedAt));
    if (filters.status) where.push(eq(users.status, filters.status));
  }
  if (filters.q) {
    // An e-mail address finds its account through the unique (kind, email) index; anything else searches names,
    // e-mails and phone numbers by part (a scan, fine for words people type, not for every keystroke on 100k).
    if (filters.q.includes('@')) where.push(eq(users.email, filters.q.toLowerCase()));
    else
      where.push(
        searchCondition(filters.q, [
          users.email,
          users.phone,
          sql`${users.firstName} || ' ' || ${users.lastName}`,
        ]),
      );
  }
  if (filters.country) where.push(eq(users.country, filters.country));
  if (filters.hasActiveEsim)
    where.push(filters.hasActiveEsim === 'yes' ? hasActiveEsim : sql`not ${hasActiveEsim}`);
  if (filters.createdAtFrom) where.push(gte(users.createdAt, new Date(`${filters.createdAtFrom}T00:00:00Z`)));
  if (filters.createdAtTo) where.push(lt(users.createdAt, dayAfter(filters.createdAtTo)));
  return and(...where);
};

const clientColumns = { user: users, hasActiveEsim, ordersCount };
export type ClientListRow = { user: ClientRow; hasActiveEsim: boolean; ordersCount: number };

/**
 * The clients list. A search by part of a name or e-mail scans the table anyway, so its total rides on the rows
 * of that one scan (matches are few, so their computed columns are cheap); any other list counts beside the
 * page, which an index or a plain count answers quickly.
 */
const clientList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({ ...clientColumns, ...listFields })
      .from(users)
      .$dynamic(),
  where: conditions,
  sortColumns: clientSortColumns,
  tiebreak: users.id,
  defaultSort: '-createdAt',
  totalInRows: (filters: ClientFilters) => Boolean(filters.q && !filters.q.includes('@')),
});

/** One page of clients and how many match. */
export const listClients = (db: Db, filters: ClientFilters, page: PageQuery) =>
  clientList.page(db, filters, page);

/** Every client matching the filters, in keyset batches (the CSV export). */
export const streamClients = (db: Db, filters: ClientFilters, batchSize?: number) =>
  clientList.batches(db, filters, batchSize);

/** One client (deleted ones too), with the same computed fields as the list; undefined if none. */
export const findClient = async (db: Db, clientId: string): Promise<ClientListRow | undefined> => {
  const [row] = await db
    .select(clientColumns)
    .from(users)
    .where(and(eq(users.id, clientId), eq(users.kind, 'customer')));
  return row;
};

/** Locks a client's row for a change (the version check and the update see the same row). */
export const lockClient = async (tx: Db, clientId: string) => {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, clientId), eq(users.kind, 'customer')))
    .for('update');
  return row;
};

export const updateClient = async (
  tx: Db,
  clientId: string,
  values: Partial<Pick<ClientRow, 'status' | 'deletedAt'>>,
) => {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, clientId))
    .returning();
  return row;
};

/**
 * Erases the personal data of clients deleted before `deletedBefore` (GDPR): name, e-mail, phone, country and
 * password go; the account row stays, so its orders and invoices (which keep their own buyer snapshot) remain
 * for the accounts. Returns how many were erased.
 */
export const eraseDeletedClients = async (db: Db, deletedBefore: Date) => {
  const erased = await db
    .update(users)
    .set({
      firstName: 'Erased',
      lastName: 'client',
      email: sql`'erased-' || ${users.id} || '@${sql.raw(erasedEmailDomain)}'`,
      phone: null,
      country: null,
      passwordHash: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(users.kind, 'customer'),
        lt(users.deletedAt, deletedBefore),
        notLike(users.email, `%@${erasedEmailDomain}`),
      ),
    )
    .returning({ id: users.id });
  return erased.length;
};
