import { defineConfig } from '@playwright/test';
import { headlessShell } from './fixtures/browsers';
import { siteURL, staffURL } from './fixtures/urls';

/**
 * The whole product on a fresh embedded database (scripts/e2e-server.mjs), with a short access-token
 * lifetime so refresh happens during the journeys, in Debian's Chromium headless shell (fixtures/browsers.ts).
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Room for a slower CI machine (session 8's ran Chromium about 4x slower than session 7's, and pages still
  // loading after 10 s failed three journeys): a passing journey takes no longer for it.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  outputDir: '../test-results',
  use: {
    // A visitor's browser: headless Chromium's own "HeadlessChrome" is a crawler to the site, which serves crawlers
    // the default language instead of the visitor's country's (docs/decisions/0002).
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    // Recording a trace for every test cost about a sixth of the run on a 2-core machine (159 s against 133 s for
    // 27 axe journeys): CI records the retry of a failed test, a local run every failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: headlessShell,
  },
  projects: [
    { name: 'site', testMatch: /(public|customer|portal|checkout)\/.*\.spec\.ts/, use: { baseURL: siteURL } },
    { name: 'staff', testMatch: /staff\/.*\.spec\.ts/, use: { baseURL: staffURL } },
  ],
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `${siteURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
