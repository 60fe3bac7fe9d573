// `node --import tsx bench/index-report.ts postgres://…/db_seeded_with_scale_1m`: for every index the
// migrations after 0001 added, dropped or redefined, the EXPLAIN ANALYZE time of the query it serves with
// the schema as it is now ("after") and as 0001 left it ("before"). "Before" is measured inside a
// transaction that is rolled back: an added index is dropped, a dropped one re-created from 0001, a
// redefined one swapped back to its 0001 definition. Prints a markdown table (docs/index-report.md).
// Each DROP INDEX locks its table until the rollback: run it on a copy, never on a database in use.
import pg from 'pg';
import { type IndexChange, indexChanges } from './index-changes.ts';
import { QUERIES } from './index-queries.ts';

const RUNS = 3;

interface Timing {
  ms: number;
  indexes: string[];
}

async function explain(client: pg.PoolClient, sql: string, params: unknown[]): Promise<Timing> {
  const times: number[] = [];
  let indexes: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { rows } = await client.query(`explain (analyze, format json) ${sql}`, params);
    const [plan] = rows[0]['QUERY PLAN'] as [{ Plan: PlanNode; 'Execution Time': number }];
    times.push(plan['Execution Time']);
    indexes = [...new Set(indexNames(plan.Plan))];
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(RUNS / 2)] ?? 0, indexes };
}

interface PlanNode {
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const indexNames = (node: PlanNode): string[] => [
  ...(node['Index Name'] ? [node['Index Name']] : []),
  ...(node.Plans ?? []).flatMap(indexNames),
];

async function measure(pool: pg.Pool, change: IndexChange) {
  const served = QUERIES[change.name];
  if (!served) return { change, served, note: 'no query listed in bench/index-queries.ts' };
  const client = await pool.connect();
  try {
    const sample = served.pick ? (await client.query(served.pick)).rows[0] : undefined;
    if (served.pick && !sample) return { change, served, note: 'no sample row in this data set' };
    const params = sample ? Object.values(sample) : (served.params ?? []);
    const after = await explain(client, served.sql, params);
    await client.query('begin');
    let note = '';
    try {
      await client.query(`drop index if exists "${change.name}"`);
      if (change.original) {
        await client.query('savepoint original');
        try {
          await client.query(change.original);
        } catch (err) {
          await client.query('rollback to savepoint original');
          note = `0001 definition no longer applies (${(err as Error).message})`;
        }
      }
      const before = await explain(client, served.sql, params);
      return { change, served, before, after, note };
    } finally {
      await client.query('rollback');
    }
  } finally {
    client.release();
  }
}

const url = process.argv[2] ?? process.env.INDEX_REPORT_DATABASE_URL;
if (!url) throw new Error('usage: node --import tsx bench/index-report.ts postgres://…/copy_of_a_1m_seed');
const pool = new pg.Pool({ connectionString: url, max: 1 });
try {
  const { rows: version } = await pool.query('show server_version');
  console.log(
    `<!-- ${new Date().toISOString()}, PostgreSQL ${version[0].server_version}, median of ${RUNS} runs -->`,
  );
  console.log('| index | migration | change | query it serves | before | after | plan after |');
  console.log('|---|---|---|---|---|---|---|');
  const fmt = (t?: Timing) => (t ? `${t.ms < 10 ? t.ms.toFixed(2) : Math.round(t.ms)} ms` : '–');
  for (const change of indexChanges()) {
    const r = await measure(pool, change).catch((err: Error) => ({ change, note: `failed: ${err.message}` }));
    const { before, after, served } = r as Partial<Awaited<ReturnType<typeof measure>>>;
    const plan = after ? after.indexes.join(', ') || 'no index' : '';
    const beforePlan = before ? ` (${before.indexes.join(', ') || 'no index'})` : '';
    console.log(
      `| \`${change.name}\` | ${change.migration} | ${change.change} | ${served?.serves ?? ''} | ` +
        `${fmt(before)}${beforePlan} | ${fmt(after)} | ${[plan, r.note].filter(Boolean).join('; ')} |`,
    );
  }
} finally {
  await pool.end();
}
