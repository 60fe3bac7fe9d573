import pg from 'pg';
import { dashboardScenarios } from '../dashboard-scenarios.ts';
import { callsScenarios } from '../calls-scenarios.ts';
import { coinsScenarios } from '../coins-scenarios.ts';
const url = process.env.U!;
const only = process.env.ONLY ?? '';
const client = new pg.Client(url); await client.connect();
for (const s of [...callsScenarios, ...coinsScenarios, ...dashboardScenarios].filter((s) => s.name.startsWith(only))) {
  const st = typeof s.sql === 'function' ? await s.sql(url) : s.sql!;
  console.log(`## ${s.name}`);
  for (const x of st) {
    const r = await client.query(`explain (analyze, buffers off) ${x.text}`, x.params);
    const lines = r.rows.map((row: any) => row['QUERY PLAN']);
    const exec = lines.find((l: string) => l.startsWith('Execution Time'));
    const verbose = process.env.V ? lines.join('\n') : lines.filter((l: string) => /Seq Scan|Sort Method|Execution/.test(l)).join(' | ');
    console.log(`  ${x.text.replace(/\s+/g, ' ').slice(0, 90)}\n    ${verbose}`);
  }
}
await client.end();
