import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/app/**/*.test.ts',
      'apps/admin/app/**/*.test.ts',
      // Checks of the repository itself (the guides name code that exists).
      'scripts/**/*.test.mjs',
    ],
    // Migrates one database for the run; each test file's database starts as a copy of it.
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // PGlite takes a second or more to open; one per test file, so keep the pool small on 2 cores.
    pool: 'forks',
    maxWorkers: 2,
    // Each file still gets its own database and app; what they share is the loaded modules, which took about half
    // of the unit-test time when every file imported the server again (299 s against 147 s).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
