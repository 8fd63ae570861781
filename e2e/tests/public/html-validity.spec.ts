import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, withLanguage } from '../../fixtures';
import { localPackageSlug, newBuyer, submitOrder } from '../checkout/helpers';

/** Every page the site server renders (routes.ts), signed-in ones in their server-rendered (loading) state. */
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

const paths = [
  '/',
  '/about',
  '/devices',
  '/how-to-connect',
  '/faq',
  '/contact',
  '/become-a-partner',
  '/terms',
  '/privacy',
  '/countries/de',
  '/regions/europe',
  `/order/${localPackageSlug}`,
  '/payment/success',
  '/payment/failed',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/portal/login',
  '/portal/register',
  '/portal/verify-email',
  '/account',
  '/account/packages',
  '/profile',
  '/portal',
  '/a-page-that-does-not-exist',
  '/sandbox/checkout/closed-session',
];

/**
 * The Nu Html Checker (vnu-jar, Java 17 on the machine) over every server-rendered page in sq, en and sa, plus an
 * open sandbox card page: one Java run over all files keeps it to seconds.
 */
test('every server-rendered page is valid HTML in sq, en and sa', async ({ page, request }) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'esim-vnu-'));
  try {
    for (const locale of ['sq', 'en', 'sa']) {
      for (const path of paths) {
        const response = await request.get(`${path}${path.includes('?') ? '&' : '?'}lang=${locale}`, {
          headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140 Safari/537.36' },
        });
        expect(response.headers()['content-type']).toContain('text/html');
        writeFileSync(join(dir, `${locale}${path.replace(/[^\w]+/g, '_')}.html`), await response.text());
      }
      await withLanguage(page, locale);
      await page.goto(`/order/${localPackageSlug}`);
      const cardPage = page.waitForResponse((r) => /\/sandbox\/checkout\//.test(r.url()) && r.ok());
      await submitOrder(page, newBuyer());
      writeFileSync(join(dir, `${locale}_sandbox_open.html`), await (await cardPage).text());
    }
    const { stdout } = await promisify(execFile)(
      'java',
      ['-jar', vnuJar, '--errors-only', '--format', 'json', '--stdout', '--exit-zero-always', dir],
      { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(stdout) as {
      messages: { type: string; url: string; message: string; extract?: string }[];
    };
    const errors = messages
      .filter((m) => m.type === 'error')
      .map((m) => `${m.url.split('/').at(-1)}: ${m.message}`);
    expect(errors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
