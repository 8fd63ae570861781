import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files that need a fresh process: they read back PDFs, and the PDF renderers keep parsed fonts (and
 * fontkit's shared glyphs) for the life of the process, so what pdf.js reads back depends on what was drawn
 * before it.
 */
const needFreshProcess = [
  'apps/server/src/modules/invoices/*-pdf.test.ts',
  // Reads back the shop statement PDF: failed once in the shared project ("\u0011redit statement").
  'apps/server/src/modules/portal/portal-money.routes.test.ts',
];

export default defineConfig({
  test: {
    // Migrates one database for the run; each test file's database starts as a copy of it.
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // PGlite takes a second or more to open; one per test file, so keep the pool small on 2 cores.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/app/**/*.test.ts',
            'apps/admin/app/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...needFreshProcess],
          // Each file still gets its own database and app; what they share is the loaded modules, which took
          // about half of the unit-test time when every file imported the server again (299 s against 147 s).
          isolate: false,
        },
      },
      { extends: true, test: { name: 'fresh', include: needFreshProcess } },
    ],
  },
});
