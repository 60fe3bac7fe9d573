// `node --import tsx bench/compression-cost.ts`: what compressing a JSON answer costs in CPU and what it
// saves in bytes, per encoding and level, on the users list as a running server answers it (BENCH_URL,
// default http://127.0.0.1:8192, with the demo admin): the first page (10 rows) and a page of 50.
// The variants take turns over 15 rounds, so a change in the machine's load falls on all alike; the
// figure is the median round. The server's choice is in server/src/app.ts (bench/README.md has the table).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { apiToken } from '../e2e/support/api.ts';

const url = process.env.BENCH_URL ?? 'http://127.0.0.1:8192';
const ROUNDS = 15;
const PER_ROUND = 200;

const brotli = (quality: number) => (body: Buffer) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
const gzip = (level: number) => (body: Buffer) => gzipSync(body, { level });
const variants: [string, (body: Buffer) => Buffer][] = [
  ['gzip 1', gzip(1)],
  ['gzip 6 (zlib default)', gzip(6)],
  ['br 1', brotli(1)],
  ['br 2', brotli(2)],
  ['br 4 (@fastify/compress default)', brotli(4)],
  ['br 11 (zlib default)', brotli(11)],
];

const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

const token = await apiToken(url);
for (const limit of [10, 50]) {
  const res = await fetch(`${url}/api/v1/admin/public/users?page=1&limit=${limit}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
  });
  if (!res.ok) throw new Error(`the users list answered ${res.status}`);
  const body = Buffer.from(await res.arrayBuffer());
  const rounds = variants.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, [name, compress]] of variants.entries()) {
      // Quality 11 takes milliseconds a call: fewer of them.
      const calls = name.startsWith('br 11') ? PER_ROUND / 20 : PER_ROUND;
      const start = cpuMicros();
      for (let call = 0; call < calls; call++) compress(body);
      rounds[i]?.push((cpuMicros() - start) / calls);
    }
  }
  console.log(`users list, ${limit} rows: ${body.length} B of JSON`);
  for (const [i, [name, compress]] of variants.entries()) {
    const sorted = [...(rounds[i] ?? [])].sort((a, b) => a - b);
    const median = sorted[sorted.length >> 1] ?? Number.NaN;
    console.log(
      `  ${name.padEnd(34)} ${String(compress(body).length).padStart(6)} B  ${median.toFixed(1).padStart(8)} µs CPU`,
    );
  }
}
