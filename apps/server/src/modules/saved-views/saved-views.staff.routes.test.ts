import { tokenKinds } from '@esim/contracts';
import type { SavedView } from '@esim/contracts/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/callers';
import { createTestContext, type TestContext } from '../../test/harness';

// Issue 12: a staff member saves a list's filters under a name and finds them again; nobody else sees them.
let ctx: TestContext;
let admin: Record<string, string>;
let analytics: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, analytics] = await Promise.all([signInAs(ctx, 'admin'), signInAs(ctx, 'analytics')]);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const save = (body: unknown, headers = admin) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/staff/saved-views',
    headers: { 'accept-language': 'en', ...headers },
    payload: body as object,
  });
const views = async (listId: string, headers = admin) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/staff/saved-views?listId=${listId}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: SavedView[] }).items;
};

describe('saved views', () => {
  it('saves filters under a name without the page, finds them by list, and replaces them under the same name', async () => {
    const created = await save({
      listId: 'clients',
      name: 'Blocked in Germany',
      query: 'status=blocked&country=DE&page=3',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Blocked in Germany', query: 'status=blocked&country=DE' });
    await save({ listId: 'failed-orders', name: 'Recent', query: 'sort=-failedAt' });

    expect((await views('clients')).map((v) => v.name)).toEqual(['Blocked in Germany']);
    await save({ listId: 'clients', name: 'Blocked in Germany', query: 'status=blocked&country=AT' });
    const [view] = await views('clients');
    expect(view?.query).toBe('status=blocked&country=AT');
  });

  it("keeps each person's views to themselves: others neither see nor delete them", async () => {
    const mine = (await save({ listId: 'clients', name: 'Mine', query: 'q=drita' })).json() as SavedView;
    expect((await views('clients', analytics)).map((v) => v.name)).not.toContain('Mine');
    const theirs = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/staff/saved-views/${mine.id}`,
      headers: analytics,
    });
    expect(theirs.statusCode).toBe(404);
    const own = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/staff/saved-views/${mine.id}`,
      headers: admin,
    });
    expect(own.statusCode).toBe(204);
    expect((await views('clients')).map((v) => v.name)).not.toContain('Mine');
  });

  it('refuses an empty name, a bad list id and unknown fields', async () => {
    for (const body of [
      { listId: 'clients', name: ' ', query: '' },
      { listId: 'Clients!', name: 'x', query: '' },
      { listId: 'clients', name: 'x', query: '', extra: 1 },
      { listId: 'clients', name: 'x'.repeat(81), query: '' },
    ]) {
      const response = await save(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it('keeps at most 50 views per list', async () => {
    const listId = 'limit-list';
    for (let i = 0; i < 50; i++)
      expect((await save({ listId, name: `View ${i}`, query: '' })).statusCode).toBe(201);
    const over = await save({ listId, name: 'One more', query: '' });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(
      'You can keep at most 50 saved views per list. Delete one to save another.',
    );
    // Replacing an existing one is still fine.
    expect((await save({ listId, name: 'View 0', query: 'q=x' })).statusCode).toBe(201);
  });

  it('opens to every staff role and to nobody else', async () => {
    for (const kind of tokenKinds) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/staff/saved-views?listId=clients',
        headers: await signInAs(ctx, kind),
      });
      const expected = kind === 'none' ? 401 : kind === 'customer' || kind === 'shop' ? 403 : 200;
      expect(response.statusCode, kind).toBe(expected);
    }
  });
});
