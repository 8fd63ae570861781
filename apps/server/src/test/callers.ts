import { randomUUID } from 'node:crypto';
import { type TokenKind, tokenKinds } from '@esim/contracts';
import { seedShopUser, seedStaffUser, seedUser } from '@esim/db';
import { loginAs, type TestContext, uniqueEmail, uniquePhone } from './harness';

/** Logs in one caller of a token kind and returns its Authorization header (none: no header). */
export const signInAs = async (ctx: TestContext, kind: TokenKind): Promise<Record<string, string>> => {
  if (kind === 'none') return {};
  const input = { email: uniqueEmail(kind), phone: uniquePhone() };
  const user =
    kind === 'customer'
      ? await seedUser(ctx.deps.db, input)
      : kind === 'shop'
        ? (await seedShopUser(ctx.deps.db, input)).user
        : await seedStaffUser(ctx.deps.db, kind, input);
  const account = kind === 'customer' || kind === 'shop' ? kind : 'staff';
  const token = await loginAs(ctx.app, account, user.email, user.password);
  return { authorization: `Bearer ${token.access_token}` };
};

/** One caller of every token kind the authorization matrix and the fuzz suite try. */
export const signInEveryKind = async (ctx: TestContext) => {
  const entries = await Promise.all(
    tokenKinds.map(async (kind) => [kind, await signInAs(ctx, kind)] as const),
  );
  return Object.fromEntries(entries) as Record<TokenKind, Record<string, string>>;
};

/** A concrete URL for a route pattern: ids get a well-formed id that names nothing, other params a word. */
export const fillParams = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) =>
    /id$/i.test(name) && name !== 'id' ? randomUUID() : name === 'index' || name === 'id' ? '0' : 'x',
  );
