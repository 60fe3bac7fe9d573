// `npm run bench:user-page`: the user page's sections (profile and each paged list, first page and the
// next by cursor) against a running server, for the busiest user of its database: the one with the most
// calls. BENCH_URL (default http://127.0.0.1:8080), BENCH_USER (admin), BENCH_PASSWORD (Admin123!),
// BENCH_SECONDS per section (10). Seed first, e.g. on PostgreSQL:
//   DATABASE_URL=postgres://…/sb_bench1m npm run seed -- --scale 1m, then start the server on it.
import autocannon from 'autocannon';
import { apiToken } from '../e2e/support/api.ts';
import { settingsForBench } from './bench-settings.ts';

const baseUrl = process.env.BENCH_URL ?? 'http://127.0.0.1:8080';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const SECTIONS = ['calls', 'reports', 'follows', 'locations', 'security-events', 'devices', 'notes'] as const;

const token = await apiToken(baseUrl, process.env.BENCH_USER, process.env.BENCH_PASSWORD);
const headers = { authorization: `Bearer ${token}` };
const get = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${baseUrl}/api/v1${path}`, { headers });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
};

// The busiest party: the caller of the most calls among the newest 100 (a heavy user at every scale).
const { calls } = await get<{ calls: { caller_id: string | null }[] }>('/admin/public/calls?limit=100');
const byCaller = new Map<string, number>();
for (const c of calls) if (c.caller_id) byCaller.set(c.caller_id, (byCaller.get(c.caller_id) ?? 0) + 1);
const userId = [...byCaller.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
if (!userId) throw new Error('no calls to pick a user from: seed the database first');

const restore = await settingsForBench(baseUrl, token);
const rows: { section: string; requests: number; p50: number; p99: number; errors: number }[] = [];
try {
  const paths: [string, string][] = [['profile', `/admin/users/${userId}/profile`]];
  for (const section of SECTIONS) {
    const first = `/admin/users/${userId}/${section}`;
    paths.push([section, first]);
    const { next_cursor } = await get<{ next_cursor: string | null }>(first);
    if (next_cursor)
      paths.push([`${section}, next page`, `${first}?cursor=${encodeURIComponent(next_cursor)}`]);
  }
  for (const [section, path] of paths) {
    const result = await autocannon({
      url: `${baseUrl}/api/v1${path}`,
      headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
      connections: 10,
      duration: seconds,
    });
    rows.push({
      section,
      requests: result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    });
  }
} finally {
  await restore();
}

console.log(`User page sections, user ${userId}, ${seconds} s each, 10 connections`);
console.log('| section | requests | p50 ms | p99 ms | errors |\n|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.section} | ${r.requests} | ${r.p50} | ${r.p99} | ${r.errors} |`);
