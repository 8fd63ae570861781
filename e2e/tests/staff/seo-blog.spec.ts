import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, siteURL, test } from '../../fixtures';
import { loginAsStaff } from './staff-session';

// Issue 32: the analytics role writes a country's texts for search engines and publishes a blog post; the site
// shows the texts, the post in two languages (server-rendered, sanitised, in the sitemap) and links it from the
// country's page. Every SEO screen and the blog's pages pass axe in en at 1280 px and in sq at 390 px.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const settled = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
};

test('a country gets its texts and a published post shows on the site in two languages', async ({
  page,
  analytics,
  browser,
}) => {
  test.slow();
  const tag = Date.now().toString(36);
  const heading = `Portugal eSIM ${tag}`;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAsStaff(page, analytics);

  // Texts for Portugal, in Albanian (the first tab) only: the other eleven are reported missing.
  await page.goto('/seo/countries?q=Portugal');
  await settled(page);
  await expectNoAxeViolations(page);
  await page.getByTestId('list-row').getByText('Portugal', { exact: true }).click();
  const drawer = page.getByRole('dialog');
  const panel = drawer.getByRole('tabpanel');
  await expect(drawer.getByTestId('seo-form')).toBeVisible();
  await panel
    .getByLabel('Page title')
    .fill(`eSIM për Portugalinë me internet të shpejtë 5G pa roaming ${tag}`);
  await panel.getByLabel('Meta description').fill('Internet celular në Portugali që nga ateroja.');
  await panel.getByLabel('Heading (h1)').fill(heading);
  await panel.getByLabel('Text on the page').fill('Paragrafi i parë.\n\nParagrafi i dytë.');
  await expect(drawer.getByTestId('seo-too-long')).toContainText('Shqip');
  await expect(panel.getByTestId('search-preview')).toContainText('…');
  await expect(drawer.getByTestId('seo-missing')).toContainText('English');
  await expectNoAxeViolations(page);
  await drawer.getByTestId('seo-save').click();
  await expect(page.getByText('Texts saved. The public page shows them now.')).toBeVisible();

  // A post: Albanian and English, with a script the server removes, linked to Portugal.
  await page.goto('/seo/blogs');
  await settled(page);
  await expectNoAxeViolations(page);
  await page.getByTestId('blog-create-link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create blog post' })).toBeVisible();
  await expectNoAxeViolations(page);
  const form = page.getByTestId('blog-form');
  await form.getByTestId('blog-save').click();
  await expect(form.getByRole('tab', { name: /Shqip \(has errors\)/ })).toBeVisible();
  await form.getByLabel(/^Status/).selectOption('published');
  await form.getByLabel(/^Related countries/).fill('PT');
  const write = async (tab: RegExp, title: string, slug: string) => {
    await form.getByRole('tab', { name: tab }).click();
    const fields = form.getByRole('tabpanel');
    // The address first: leaving a title with the address empty fills the address in from the title.
    await fields.getByLabel('Address (slug)').fill(slug);
    await fields.getByLabel('Title').fill(title);
    await fields.getByLabel('Summary').fill(`${title}: summary`);
    await fields.getByLabel(/^Text/).fill(`## ${title}\n\nSafe **text**.<script>document.title='x'</script>`);
  };
  await write(/^Shqip/, `Udhëtim në Portugali ${tag}`, `portugali-${tag}`);
  await write(/^English/, `Travelling in Portugal ${tag}`, `portugal-${tag}`);
  await form.getByTestId('blog-save').click();
  await expect(page).toHaveURL(/\/seo\/blogs\/edit\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit blog post' })).toBeVisible();

  // A cover: a text file is refused in words, an image is kept and served.
  const cover = page.getByTestId('blog-cover-input');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(page.getByTestId('blog-cover-error')).toHaveText(
    'The cover must be a PNG, JPEG or WebP image of at most 2 MB.',
  );
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('blog-cover-image')).toBeVisible();
  await expect(cover).toBeVisible();
  await expectNoAxeViolations(page);

  // The site: the post in English and in Albanian, sanitised, with Article JSON-LD; listed and in the sitemap.
  const site = await browser.newContext({ baseURL: siteURL });
  const reader = await site.newPage();
  await reader.emulateMedia({ reducedMotion: 'reduce' });
  await reader.setViewportSize({ width: 1280, height: 900 });
  await reader.goto(`/blog/portugal-${tag}?lang=en`);
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(`Travelling in Portugal ${tag}`);
  await expect(reader.getByTestId('blog-post-body').locator('strong')).toHaveText('text');
  await expect(reader.getByTestId('blog-post-body').locator('script')).toHaveCount(0);
  const jsonLd = JSON.parse(
    (await reader.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
  );
  expect(jsonLd).toMatchObject({
    '@type': 'Article',
    headline: `Travelling in Portugal ${tag}`,
    inLanguage: 'en',
  });
  await expect(reader.locator('link[hreflang="sq"]')).toHaveAttribute(
    'href',
    new RegExp(`/blog/portugali-${tag}\\?lang=sq$`),
  );
  await expectNoAxeViolations(reader);
  // The English address asked in Albanian moves to the Albanian one.
  await reader.goto(`/blog/portugal-${tag}?lang=sq`);
  await expect(reader).toHaveURL(new RegExp(`/blog/portugali-${tag}\\?lang=sq$`));
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(`Udhëtim në Portugali ${tag}`);
  await reader.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(reader);
  await reader.goto('/blog?lang=sq');
  await expect(reader.getByTestId('blog-cards')).toContainText(`Udhëtim në Portugali ${tag}`);
  await expectNoAxeViolations(reader);
  const sitemap = await (await reader.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/blog/portugal-${tag}?lang=en</loc>`);
  expect(sitemap).toContain(`hreflang="sq" href="${siteURL}/blog/portugali-${tag}?lang=sq"`);

  // Portugal's page: the staff heading and the related post.
  await reader.goto('/countries/pt?lang=sq');
  await expect(reader.getByTestId('country-title')).toHaveText(heading);
  await expect(reader.getByTestId('seo-body')).toContainText('Paragrafi i dytë.');
  await expect(
    reader.getByTestId('related-posts').getByRole('link', { name: `Udhëtim në Portugali ${tag}` }),
  ).toBeVisible();
  await site.close();

  // The staff screens in Albanian on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.localStorage.setItem('languagePreference', 'sq'));
  for (const path of ['/seo/regions', '/seo/global-packages', `/seo/blogs?q=${tag}`, '/seo/blogs/create']) {
    await page.goto(path);
    await settled(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sq');
    await expectNoAxeViolations(page);
  }
  await page.goto(`/seo/blogs?q=${tag}`);
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  await expect(page.getByTestId('list-row')).toContainText('Publikuar');
});
