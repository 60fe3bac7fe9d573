import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowestTestFiles } from '../scripts/slowest-test-files.ts';

/** Every server test runs on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
const databases = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * The tests that start whole server processes (and wait for them to start, drain and stop), or the CLI's
 * (`npm run backup`, `npm run restore`): most of the suite's waiting. They form the `<database>-processes` projects, which `npm run test:processes`
 * and `.ci/run` run and `npm test` leaves out.
 */
const serverProcessTests = [
  'src/compiled-server.test.ts',
  'src/container-stop.test.ts',
  'src/database-connection-loss.test.ts',
  'src/db/data-dir-lock.test.ts',
  'src/graceful-stop.test.ts',
  'src/modules/database/backup-cli.test.ts',
  'src/modules/webhooks/webhooks-kill.test.ts',
  'src/presence-crash.test.ts',
  'src/redis-outage.test.ts',
  'src/simulator/simulation.test.ts',
  'src/simultaneous-start.test.ts',
  'src/tracing/tracing-process.test.ts',
];

/** Issue #45's cluster test: HAProxy and three compiled instances on PostgreSQL (`npm run test:cluster`). */
const clusterTests = ['src/cluster.test.ts'];

const project = (kind: string, suite: { name: string; include: string[]; exclude: string[] }) => ({
  test: {
    ...suite,
    env: { SWITCHBOARD_TEST_DB: kind },
    // One database after the other: run at once, a file and its twin would share TEST_REDIS_URL's
    // socket.io channels, where rooms named for call ids (1, 2, … in each database) would meet.
    sequence: { groupOrder: databases.indexOf(kind) },
    globalSetup: ['src/testing/vitest-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    // A test file per core (vitest's default leaves one core idle); each opens its own database.
    maxWorkers: availableParallelism(),
    reporters: ['default', new SlowestTestFiles()],
    projects: [
      ...databases.flatMap((kind) => [
        project(kind, {
          name: kind,
          include: ['src/**/*.test.ts'],
          exclude: [...serverProcessTests, ...clusterTests],
        }),
        project(kind, { name: `${kind}-processes`, include: serverProcessTests, exclude: [] }),
      ]),
      // On PostgreSQL only, and left out of `npm test` and `test:processes` (its own step of .ci/run).
      ...(databases.includes('postgres')
        ? [project('postgres', { name: 'cluster', include: clusterTests, exclude: [] })]
        : []),
    ],
  },
});
