import { defineConfig } from 'vitest/config';

/** Every server test runs on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
const databases = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    projects: databases.map((kind) => ({
      test: {
        name: kind,
        include: ['src/**/*.test.ts'],
        env: { SWITCHBOARD_TEST_DB: kind },
        ...(kind === 'pglite' ? { globalSetup: ['src/testing/vitest-global-setup.ts'] } : {}),
        testTimeout: 30_000,
        hookTimeout: 60_000,
        pool: 'forks',
      },
    })),
  },
});
