import { type TokenKind, tokenKinds } from '@esim/contracts';
import type { BlogPostDetail, SaveBlogPostBody, SeoPage, SeoTarget } from '@esim/contracts/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { signInEveryKind } from '../../test/callers';
import { createTestContext, type TestContext } from '../../test/harness';
import { createSiteData } from '../site-data';

// Issue 32: SEO texts of catalogue pages and the blog, staff side and what the site reads.
let ctx: TestContext;
let callers: Record<TokenKind, Record<string, string>>;
const tag = `b${Date.now().toString(36)}`;

beforeAll(async () => {
  ctx = await createTestContext();
  await ensureCatalogue(ctx.deps, ctx.app.log);
  callers = await signInEveryKind(ctx);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  options: { as?: TokenKind; body?: unknown; language?: string } = {},
) =>
  ctx.app.inject({
    method,
    url,
    headers: { 'accept-language': options.language ?? 'en', ...callers[options.as ?? 'admin'] },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });

const texts = (title: string) => ({
  title,
  description: 'Fast mobile data in Albania from the moment you land.',
  heading: `${title} heading`,
  body: 'First paragraph.\n\nSecond paragraph.',
});

const english = (slug: string) => ({
  title: 'Data in Albania',
  slug: `${slug}-en`,
  summary: 'What to know.',
  body: '# Hello\n\nText **here**.',
});
const albanian = (slug: string) => ({
  title: 'Të dhëna në Shqipëri',
  slug: `${slug}-sq`,
  summary: 'Çfarë duhet të dini.',
  body: 'Tekst.',
});

const post = (slug: string, overrides: Partial<SaveBlogPostBody> = {}): SaveBlogPostBody => ({
  status: 'published',
  publishedAt: '2026-01-15T09:00:00.000Z',
  countries: ['AL'],
  translations: { en: english(slug), sq: albanian(slug) },
  version: null,
  ...overrides,
});

describe('SEO texts', () => {
  it('lists countries with their missing locales and saves texts with a version', async () => {
    const list = await call('GET', '/api/staff/seo/country?q=albania');
    expect(list.statusCode, list.body).toBe(200);
    const albania = (list.json().items as SeoTarget[]).find((t) => t.code === 'AL');
    expect(albania?.missingLocales).toHaveLength(12);

    const page = (await call('GET', '/api/staff/seo/country/al')).json() as SeoPage;
    expect(page).toMatchObject({ code: 'AL', path: '/countries/al', version: null, texts: {} });

    const longTitle = 'An eSIM for Albania with 5G data, no roaming and instant QR delivery';
    const saved = await call('PUT', '/api/staff/seo/country/AL', {
      as: 'analytics',
      body: { texts: { en: texts(longTitle), sq: texts('eSIM për Shqipërinë') }, version: null },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const savedPage = saved.json() as SeoPage;
    expect(savedPage.version).not.toBeNull();
    expect(savedPage.history[0]?.action).toBe('seo_page.save');

    const after = (await call('GET', '/api/staff/seo/country?q=albania')).json().items as SeoTarget[];
    expect(after.find((t) => t.code === 'AL')).toMatchObject({ localesCount: 2, tooLongLocales: ['en'] });

    // The site reads the new texts at once, in the reader's language only.
    const site = createSiteData(ctx.deps);
    expect((await site.getSeoText('country', 'al', 'sq'))?.title).toBe('eSIM për Shqipërinë');
    expect(await site.getSeoText('country', 'AL', 'de')).toBeNull();

    // A stale version changes nothing.
    const stale = await call('PUT', '/api/staff/seo/country/AL', {
      body: { texts: { en: texts('Other') }, version: null },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('RECORD_CHANGED');
    expect((await site.getSeoText('country', 'AL', 'en'))?.title).toBe(longTitle);
  });

  it('refuses an unknown page, kind, locale or an incomplete text', async () => {
    expect((await call('GET', '/api/staff/seo/country/ZZ')).statusCode).toBe(404);
    expect((await call('GET', '/api/staff/seo/city')).statusCode).toBe(422);
    const badLocale = await call('PUT', '/api/staff/seo/country/DE', {
      body: { texts: { xx: texts('x') }, version: null },
    });
    expect(badLocale.statusCode).toBe(422);
    const empty = await call('PUT', '/api/staff/seo/country/DE', {
      language: 'sq',
      body: { texts: { en: { ...texts('x'), title: '' } }, version: null },
    });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toContain('texts.en.title');
  });

  it('lists regions and global packages', async () => {
    const regions = await call('GET', '/api/staff/seo/region');
    expect(regions.statusCode).toBe(200);
    expect(regions.json().total).toBeGreaterThan(0);
    const packages = await call('GET', '/api/staff/seo/package?sort=-localesCount');
    expect(packages.statusCode).toBe(200);
    expect(packages.json().total).toBeGreaterThan(0);
    const slug = (packages.json().items as SeoTarget[])[0]?.code ?? '';
    expect((await call('GET', `/api/staff/seo/package/${slug}`)).json().path).toBe(`/order/${slug}`);
  });
});

describe('blog posts', () => {
  let created: BlogPostDetail;

  it('creates a post with its body rendered and sanitised, and the site shows it', async () => {
    const response = await call('POST', '/api/staff/blog-posts', {
      as: 'analytics',
      body: post(tag, {
        translations: {
          ...post(tag).translations,
          en: {
            title: 'Data in Albania',
            slug: `${tag}-en`,
            summary: 'What to know.',
            body: 'Hi <script>alert(1)</script><img src="/x.png" onerror="steal()"> [x](javascript:alert(1))',
          },
        },
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    created = response.json();
    expect(created.history[0]?.action).toBe('blog_post.create');

    const site = createSiteData(ctx.deps);
    const found = await site.getBlogPost(`${tag}-en`, 'en');
    expect(found.kind).toBe('post');
    if (found.kind !== 'post') return;
    expect(found.post.bodyHtml).not.toMatch(/script|onerror|javascript|steal/);
    expect(found.post.slugs).toEqual({ en: `${tag}-en`, sq: `${tag}-sq` });
    // A German reader gets the English text; an Albanian one asking the English slug is sent to the Albanian.
    expect((await site.getBlogPost(`${tag}-en`, 'de')).kind).toBe('post');
    expect(await site.getBlogPost(`${tag}-en`, 'sq')).toEqual({ kind: 'moved', slug: `${tag}-sq` });
    expect((await site.listBlogPosts('sq', { country: 'AL' })).map((p) => p.slug)).toContain(`${tag}-sq`);
    expect((await site.listBlogPosts('sq', { country: 'DE' })).map((p) => p.slug)).not.toContain(`${tag}-sq`);
    expect((await site.blogSitemap()).some((e) => e.slugs.en === `${tag}-en`)).toBe(true);
  });

  it('keeps an old slug working as a redirect after a change, and refuses a slug another post had', async () => {
    const changed = await call('PUT', `/api/staff/blog-posts/${created.id}`, {
      body: post(tag, {
        translations: {
          ...post(tag).translations,
          en: { ...english(tag), slug: `${tag}-new` },
        },
        version: created.version,
      }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const site = createSiteData(ctx.deps);
    expect(await site.getBlogPost(`${tag}-en`, 'en')).toEqual({ kind: 'moved', slug: `${tag}-new` });

    const other = await call('POST', '/api/staff/blog-posts', {
      language: 'sq',
      body: post(`${tag}x`, {
        translations: {
          ...post(`${tag}x`).translations,
          en: english(tag),
        },
      }),
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors['translations.en.slug'][0]).toContain('postim tjetër');

    const stale = await call('PUT', `/api/staff/blog-posts/${created.id}`, {
      body: post(tag, { version: created.version }),
    });
    expect(stale.json().code).toBe('RECORD_CHANGED');
  });

  it('refuses a post without the required languages, with a bad slug or the same slug twice', async () => {
    const { sq: _sq, ...onlyEnglish } = post(tag).translations;
    const missing = await call('POST', '/api/staff/blog-posts', {
      body: post(`${tag}m`, { translations: onlyEnglish }),
    });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toContain('translations.sq.title');
    const en = english(`${tag}s`);
    const badSlug = await call('POST', '/api/staff/blog-posts', {
      body: post(`${tag}s`, {
        translations: { ...post(`${tag}s`).translations, en: { ...en, slug: 'Not a slug!' } },
      }),
    });
    expect(Object.keys(badSlug.json().errors)).toContain('translations.en.slug');
    const twice = await call('POST', '/api/staff/blog-posts', {
      body: post(`${tag}t`, {
        translations: { en, sq: { ...albanian(`${tag}t`), slug: en.slug } },
      }),
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors['translations.sq.slug'][0]).toBe('Each language needs its own slug.');
  });

  it('hides drafts and future posts from the site and lists them for staff', async () => {
    const draft = (
      await call('POST', '/api/staff/blog-posts', { body: post(`${tag}d`, { status: 'draft' }) })
    ).json() as BlogPostDetail;
    const future = await call('POST', '/api/staff/blog-posts', {
      body: post(`${tag}f`, { publishedAt: '2099-01-01T00:00:00.000Z' }),
    });
    expect(future.statusCode).toBe(201);
    const site = createSiteData(ctx.deps);
    await expect(site.getBlogPost(`${tag}d-en`, 'en')).rejects.toBeInstanceOf(Response);
    await expect(site.getBlogPost(`${tag}f-en`, 'en')).rejects.toBeInstanceOf(Response);
    const slugs = (await site.listBlogPosts('en')).map((p) => p.slug);
    expect(slugs).not.toContain(`${tag}d-en`);
    expect(slugs).not.toContain(`${tag}f-en`);

    const drafts = await call('GET', `/api/staff/blog-posts?status=draft&q=${tag}`);
    expect(drafts.json().items.map((p: { id: string }) => p.id)).toEqual([draft.id]);
    expect((await call('GET', '/api/staff/blog-posts?sort=-nope')).statusCode).toBe(422);
    expect((await call('GET', `/api/staff/blog-posts/${draft.id}`)).json().translations.sq.title).toBe(
      'Të dhëna në Shqipëri',
    );
    expect((await call('GET', '/api/staff/blog-posts/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });

  it('stores a cover image and serves it; refuses what is not an image or too large, in words', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = (file: Buffer, type: string, language = 'en') => {
      const boundary = '----blogCover';
      return ctx.app.inject({
        method: 'PUT',
        url: `/api/staff/blog-posts/${created.id}/cover`,
        headers: {
          ...callers.admin,
          'accept-language': language,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="cover"; filename="c"\r\nContent-Type: ${type}\r\n\r\n`,
          ),
          file,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    };
    const uploaded = await upload(png, 'image/png');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const coverUrl = (uploaded.json() as BlogPostDetail).coverUrl ?? '';
    expect(coverUrl).toMatch(/^\/api\/blog\/covers\/[0-9a-f-]{36}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: coverUrl });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    const script = await upload(Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(script.statusCode).toBe(422);
    expect(script.json()).toMatchObject({
      code: 'FILE_INVALID',
      message: 'The cover must be a PNG, JPEG or WebP image of at most 2 MB.',
    });
    const pdf = await upload(Buffer.from('%PDF-1.4'), 'application/pdf', 'sq');
    expect(pdf.json().errors.cover[0]).toContain('PNG, JPEG ose WebP');
    const large = await upload(Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), 'image/png');
    expect(large.statusCode).toBe(422);
    expect(large.json().code).toBe('FILE_INVALID');
    // The first cover is still the one served.
    expect((await call('GET', `/api/staff/blog-posts/${created.id}`)).json().coverUrl).toBe(coverUrl);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/blog/covers/..%2F..%2Fetc.png' })).statusCode,
    ).toBe(404);
  });
});

describe('access (SPEC section 6: admin and analytics)', () => {
  const routes: { method: 'GET' | 'PUT' | 'POST'; url: string }[] = [
    { method: 'GET', url: '/api/staff/seo/country' },
    { method: 'GET', url: '/api/staff/seo/country/AL' },
    { method: 'PUT', url: '/api/staff/seo/country/AL' },
    { method: 'GET', url: '/api/staff/blog-posts' },
    { method: 'POST', url: '/api/staff/blog-posts' },
    { method: 'GET', url: '/api/staff/blog-posts/00000000-0000-4000-8000-000000000000' },
    { method: 'PUT', url: '/api/staff/blog-posts/00000000-0000-4000-8000-000000000000' },
    { method: 'PUT', url: '/api/staff/blog-posts/00000000-0000-4000-8000-000000000000/cover' },
  ];
  const expected: Record<TokenKind, number | null> = {
    none: 401,
    customer: 403,
    shop: 403,
    editor: 403,
    admin: null,
    analytics: null,
  };
  it.each(routes)('$method $url', async ({ method, url }) => {
    for (const kind of tokenKinds) {
      const response = await call(method, url, { as: kind });
      const status = expected[kind];
      if (status === null)
        expect([200, 404, 409, 415, 422], `${kind} ${response.body}`).toContain(response.statusCode);
      else expect(response.statusCode, kind).toBe(status);
    }
  });
});
