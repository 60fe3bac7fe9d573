// Mutation testing of the sign-in, session, users and root-admin rules (`npm run mutation`), against
// PostgreSQL: the lock and race tests only bite there. Not part of `npm test`; the score is in bench/README.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'src/modules/auth/auth.service.ts',
    'src/modules/auth/auth.repository.ts',
    'src/modules/auth/refresh-tokens.repository.ts',
    'src/modules/auth/login-attempts.repository.ts',
    'src/modules/users/users.service.ts',
    'src/modules/users/users.repository.ts',
    'src/modules/users/users-list.repository.ts',
    'src/modules/users/user-row.ts',
    'src/modules/root-admin/root-admin.service.ts',
    'src/modules/root-admin/root-admin.repository.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 60_000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: '../bench/results/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
