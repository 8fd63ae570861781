import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { hashPassword } from '../password';
import { roles, shops, users } from '../schema';

type NewUser = typeof users.$inferInsert;
type NewShop = typeof shops.$inferInsert;

let sequence = 0;
const nextId = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export const seedRoles = async (db: Db) => {
  await db
    .insert(roles)
    .values([
      { id: 1, name: 'admin' },
      { id: 2, name: 'editor' },
      { id: 3, name: 'analytics' },
    ])
    .onConflictDoNothing();
};

export type SeedUserInput = Partial<Omit<NewUser, 'passwordHash'>> & { password?: string };

/** Creates a user with sensible defaults; tests and the demo seed share it. */
export const seedUser = async (db: Db, input: SeedUserInput = {}) => {
  const { password = 'Passw0rd!2026', ...rest } = input;
  const id = nextId();
  const [user] = await db
    .insert(users)
    .values({
      kind: 'customer',
      firstName: 'Test',
      lastName: 'User',
      email: `user-${id}@example.test`,
      locale: 'en',
      emailVerifiedAt: new Date(),
      ...rest,
      passwordHash: await hashPassword(password),
    })
    .returning();
  if (!user) throw new Error('seedUser: insert returned nothing');
  return { ...user, password };
};

export const seedShop = async (db: Db, input: Partial<NewShop> = {}) => {
  const [shop] = await db
    .insert(shops)
    .values({ name: `Shop ${nextId()}`, status: 'active', sellShopPrice: 20, ...input })
    .returning();
  if (!shop) throw new Error('seedShop: insert returned nothing');
  return shop;
};

export const seedShopUser = async (db: Db, input: SeedUserInput = {}, shopInput: Partial<NewShop> = {}) => {
  const shop = await seedShop(db, shopInput);
  const user = await seedUser(db, { kind: 'shop', shopId: shop.id, ...input });
  return { shop, user };
};

export const seedStaffUser = async (
  db: Db,
  role: 'admin' | 'editor' | 'analytics',
  input: SeedUserInput = {},
) => {
  const roleId = { admin: 1, editor: 2, analytics: 3 }[role];
  await seedRoles(db);
  return seedUser(db, { kind: 'staff', roleId, ...input });
};

export const findUserByEmail = async (db: Db, kind: 'customer' | 'shop' | 'staff', email: string) => {
  const rows = await db.select().from(users).where(eq(users.email, email));
  return rows.find((row) => row.kind === kind);
};
