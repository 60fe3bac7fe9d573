import { defineConfig } from 'vitest/config';

/** The server tests on PostgreSQL only, for mutation testing (TEST_DATABASE_URL must be set). */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    env: { SWITCHBOARD_TEST_DB: 'postgres' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
