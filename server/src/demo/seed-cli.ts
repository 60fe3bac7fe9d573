import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { MultiBar, Presets } from 'cli-progress';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { configuredDatabase } from '../db/database-target.ts';
import { runMigrations } from '../db/migrate.ts';
import { users } from '../db/schema/users.ts';
import { truncateAllTables } from './reset-tables.ts';
import { SEED_SCALES, type SeedScale } from './scale.ts';
import { seedDemoData } from './seed-demo-data.ts';

const HELP = `Usage: npm run seed -- [--scale default|1m] [--reset]

Fills the database (PGlite in DATA_DIR, or DATABASE_URL) with the deterministic demo data set.
  --scale default   about 2,000 users and 30,000 calls (what the server seeds on first start)
  --scale 1m        100,000 users, 1,000,000 calls, 1,000,000 coin transactions (benchmarks)
  --scale test      a small set (200 users) for quick checks
  --reset           empty every table first; without it a non-empty database is refused
  --help            show this text`;

async function main(): Promise<number> {
  let values: { scale: string; reset: boolean; help: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        scale: { type: 'string', default: 'default' },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : err}\n\n${HELP}`);
    return 2;
  }
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (!SEED_SCALES.includes(values.scale as SeedScale)) {
    console.error(`--scale must be one of ${SEED_SCALES.join(', ')} (got "${values.scale}")\n\n${HELP}`);
    return 2;
  }
  const scale = values.scale as SeedScale;
  // `npm run seed` runs in server/, while `npm start` resolves a relative DATA_DIR from the
  // repository root: work from the root so both mean the same database.
  process.chdir(fileURLToPath(new URL('../../..', import.meta.url)));
  const config = loadConfig();
  const database = await openDatabase(configuredDatabase(config));
  try {
    await runMigrations(database);
    const existing = await database.db.select({ id: users.id }).from(users).limit(1);
    if (existing.length > 0 && !values.reset) {
      console.error('The database already has users. Run with --reset to empty every table and seed again.');
      return 1;
    }
    if (values.reset) await truncateAllTables(database.db);

    const where = database.kind === 'pglite' ? join(config.dataDir, 'pglite') : 'PostgreSQL (DATABASE_URL)';
    console.log(`Seeding the ${scale} demo data set into ${where}`);
    const progress = process.stdout.isTTY ? barsPerStage() : linePerStage();
    const summary = await seedDemoData(database.db, { scale, onProgress: progress.update });
    progress.stop();
    const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
    console.log(`Seeded ${rows.toLocaleString('en-US')} rows in ${(summary.ms / 1000).toFixed(1)} s.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('Seeding failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);

type Progress = { update: (done: number, total: number, stage: string) => void; stop: () => void };

/** One cli-progress bar per stage on a terminal. */
function barsPerStage(): Progress {
  const bars = new MultiBar(
    {
      format: ' {stage} [{bar}] {percentage}% | {value}/{total}',
      barsize: 30,
      clearOnComplete: false,
      hideCursor: true,
    },
    Presets.shades_classic,
  );
  let current: { stage: string; bar: ReturnType<MultiBar['create']> } | undefined;
  return {
    update: (done, total, stage) => {
      if (current?.stage !== stage)
        current = { stage, bar: bars.create(total, 0, { stage: stage.padEnd(20) }) };
      current.bar.setTotal(Math.max(total, 1));
      current.bar.update(done);
    },
    stop: () => bars.stop(),
  };
}

/** Logs and CI get one line per finished stage instead of redrawn bars. */
function linePerStage(): Progress {
  let current: { stage: string; done: number; startedAt: number } | undefined;
  const finish = () => {
    if (current)
      console.log(
        ` ${current.stage}: ${current.done.toLocaleString('en-US')} in ${((performance.now() - current.startedAt) / 1000).toFixed(1)} s`,
      );
  };
  return {
    update: (done, _total, stage) => {
      if (current?.stage !== stage) {
        finish();
        current = { stage, done: 0, startedAt: performance.now() };
      }
      current.done = done;
    },
    stop: finish,
  };
}
