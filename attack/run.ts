// `npm run attack` (issue #27): starts the server on a throwaway embedded database with demo data, on
// 127.0.0.1 only, and attacks it with Debian's sqlmap (level 3, risk 2, every query parameter of every
// GET operation, signed in as root) and wapiti (the web app and the same API URLs). wapiti's modules
// that reach other hosts (ssrf calls out to an outside server; wapp and nikto fetch their databases) are
// never loaded, and it runs with --no-bugreport. (wapiti 3.0.4's -x exclusions crash on Python 3.11, so
// none are given: it only follows links and forms, and the SPA has no form that posts a logout or a reset.) Where `unshare -n` works (root), the whole run is
// moved into a network namespace that has only a loopback: nothing in it can reach any other host.
// Prints one summary line, says where the reports are, and exits non-zero on any injection, any high
// or critical wapiti finding, or any 5xx wapiti saw.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT, type SpawnedProcess, spawnServer } from '../server/src/testing/spawn-server.ts';
import { accessByOperation, fuzzApi } from './api-fuzz.ts';
import { queryTargets, type Target } from './targets.ts';
import { type WapitiFindings, wapitiFindings } from './wapiti-report.ts';

const PORT = Number(process.env.ATTACK_PORT || 18190);
const BASE = `http://127.0.0.1:${PORT}`;
/** Bounds: each sqlmap target and the whole wapiti scan stop after these, and say so. */
const SQLMAP_SECONDS_PER_TARGET = Number(process.env.ATTACK_SQLMAP_SECONDS || 90);
const WAPITI_SECONDS = Number(process.env.ATTACK_WAPITI_SECONDS || 600);
/** Modules that stay on the target: no ssrf (outside server), wapp/nikto (download databases), buster. */
const WAPITI_MODULES = [
  'sql',
  'blindsql',
  'xss',
  'permanentxss',
  'exec',
  'file',
  'crlf',
  'redirect',
  'http_headers',
  'csp',
  'cookieflags',
  'methods',
  'shellshock',
];

function ensureTools(): void {
  const missing = ['sqlmap', 'wapiti'].filter(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
  );
  if (missing.length === 0) return;
  console.log(`Installing Debian's ${missing.join(' and ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
}

/** Re-runs this script inside a network namespace with only a loopback, when the system allows it. */
function isolate(): boolean {
  if (process.env.ATTACK_ISOLATED || process.env.ATTACK_NO_UNSHARE) return false;
  const probe = spawnSync('unshare', ['-n', 'true']);
  if (probe.status !== 0) {
    console.log('unshare -n is not available: running on this network, with the outward wapiti modules off');
    return false;
  }
  const self = fileURLToPath(import.meta.url);
  const script = `ip link set lo up && exec "$0" --import tsx "$1"`;
  const child = spawnSync('unshare', ['-n', 'sh', '-c', script, process.execPath, self], {
    stdio: 'inherit',
    env: { ...process.env, ATTACK_ISOLATED: '1' },
  });
  process.exit(child.status ?? 1);
}

async function api(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  return fetch(`${BASE}${path}`, { ...init, headers });
}

async function waitForServer(server: SpawnedProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    const ready = await fetch(`${BASE}/api/v1/health/simple`).catch(() => null);
    if (ready?.ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not come up in 5 minutes:\n${server.output().slice(-3000)}`);
}

async function signIn(path: string, body: object): Promise<string> {
  const login = await api(path, { method: 'POST', body: JSON.stringify(body) });
  const token = ((await login.json()) as { access_token?: string }).access_token;
  if (!token) throw new Error(`signing in at ${path} answered ${login.status}`);
  return token;
}

const signInRoot = () => signIn('/api/v1/auth/login', { username: 'admin', password: 'Admin123!' });
const APP_USER = {
  username: 'attack-app-user',
  email: 'attack-app-user@example.test',
  password: 'Attack!pass-1',
};
const signInApp = () =>
  signIn('/api/v1/auth/app/login', { username: APP_USER.username, password: APP_USER.password });

/**
 * Lifts the per-address API limit (which would answer sqlmap 429s) and the per-admin budget (which
 * would answer most of the fuzz stage 429 before its input reached a route). Answers the body it put,
 * for the fuzz stage to put back after an operation whose hostile input was a valid setting.
 */
async function raiseLimits(token: string): Promise<Record<string, unknown>> {
  const settings = (await (await api('/api/v1/admin/settings', { token })).json()) as {
    data?: Record<string, Record<string, unknown>>;
  };
  const current = settings.data ?? (settings as unknown as Record<string, Record<string, unknown>>);
  const body: Record<string, unknown> = {
    ...current,
    api: { ...current.api, rate_limit_requests: 100_000 },
    security_policies: { ...current.security_policies, admin_requests_per_minute: 1_000_000 },
  };
  delete body.success;
  await putSettings(token, body);
  return body;
}

async function putSettings(token: string, body: Record<string, unknown>): Promise<void> {
  const saved = await api('/api/v1/admin/settings', { method: 'PUT', token, body: JSON.stringify(body) });
  if (!saved.ok) throw new Error(`saving the run's settings answered ${saved.status}: ${await saved.text()}`);
}

/** Signs in as the demo root admin, raises the limits, and registers the app user of the fuzz stage. */
async function prepare(): Promise<{ token: string; settings: Record<string, unknown> }> {
  const token = await signInRoot();
  const settings = await raiseLimits(token);
  const registered = await api('/api/v1/auth/register', { method: 'POST', body: JSON.stringify(APP_USER) });
  if (registered.status !== 201)
    throw new Error(`registering the app user answered ${registered.status}: ${await registered.text()}`);
  return { token, settings };
}

interface Run {
  code: number | null;
  output: string;
  timedOut: boolean;
}

function run(command: string, args: string[], seconds: number): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => {
      output += c;
    });
    child.stderr.on('data', (c) => {
      output += c;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    }, seconds * 1000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, timedOut });
    });
  });
}

async function sqlmap(
  target: Target,
  token: string,
  outDir: string,
): Promise<{ injectable: boolean; run: Run }> {
  const result = await run(
    'sqlmap',
    [
      '-u',
      `${BASE}${target.url}`,
      '-H',
      `Authorization: Bearer ${token}`,
      '--batch',
      '--level=3',
      '--risk=2',
      '--dbms=PostgreSQL',
      '--threads=4',
      '--timeout=10',
      '--retries=1',
      '--disable-coloring',
      '--flush-session',
      '--skip-waf',
      `--output-dir=${outDir}`,
    ],
    SQLMAP_SECONDS_PER_TARGET,
  );
  const injectable =
    /identified the following injection point|is vulnerable|parameter '[^']+' is '.+' injectable/i.test(
      result.output,
    );
  return { injectable, run: result };
}

/** wapiti crawls the web app too, which the server serves once it is built. */
function ensureWebBuild(): void {
  if (existsSync(join(REPO_ROOT, 'web', 'dist', 'index.html'))) return;
  console.log('Building the web app for wapiti to crawl');
  execFileSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
}

const JWT_SECRET = 'attack-run-secret-that-is-long-enough-for-hs256';
/** The scanners run with `npm run attack -- --scanners` (or ATTACK_SCANNERS=1); the fuzz stage always. */
if (process.argv.includes('--scanners')) process.env.ATTACK_SCANNERS = '1';
const SCANNERS = process.env.ATTACK_SCANNERS === '1';
/** Cases per operation and caller in the fuzz stage; ATTACK_FUZZ_SEED replays a run. */
const FUZZ_CASES = Number(process.env.ATTACK_FUZZ_CASES || 8);
const FUZZ_SEED = process.env.ATTACK_FUZZ_SEED ? Number(process.env.ATTACK_FUZZ_SEED) : Date.now() % 2 ** 31;

interface ScanResult {
  failed: number;
  summary: string;
}

/** `appToken`: for sqlmap's URLs of the app API, which an admin's token does not open. */
async function scan(token: string, appToken: string, work: string, only: RegExp | null): Promise<ScanResult> {
  const access = accessByOperation('/api/v1');
  const openapi = await (await fetch(`${BASE}/api/docs/json`)).json();
  const targets = queryTargets(openapi).filter((t) => !only || only.test(t.url));

  const injections: string[] = [];
  const timedOut: string[] = [];
  let params = 0;
  for (const target of targets) {
    params += target.params.length;
    const forApp = access.get(`GET ${target.url.split('?')[0]}`) === 'user';
    const { injectable, run: r } = await sqlmap(target, forApp ? appToken : token, join(work, 'sqlmap'));
    if (injectable) injections.push(target.url);
    if (r.timedOut) timedOut.push(target.url);
    console.log(
      `sqlmap ${target.url}: ${injectable ? 'INJECTABLE' : r.timedOut ? 'stopped at the time bound' : 'no injection'}`,
    );
  }
  const wapitiOut = join(work, 'wapiti-report.json');
  const w = await run(
    'wapiti',
    [
      '-u',
      `${BASE}/`,
      '--scope',
      'domain',
      '-m',
      WAPITI_MODULES.join(','),
      '--no-bugreport',
      '-H',
      `Authorization: Bearer ${token}`,
      ...targets.flatMap((t) => ['-s', `${BASE}${t.url}`]),
      '--flush-session',
      '--store-session',
      join(work, 'wapiti-session'),
      '--max-scan-time',
      String(WAPITI_SECONDS),
      '--max-attack-time',
      String(Math.max(30, Math.floor(WAPITI_SECONDS / WAPITI_MODULES.length))),
      '-d',
      '4',
      '--timeout',
      '10',
      '-f',
      'json',
      '-o',
      wapitiOut,
    ],
    WAPITI_SECONDS + 120,
  );
  const findings: WapitiFindings = existsSync(wapitiOut)
    ? wapitiFindings(JSON.parse(readFileSync(wapitiOut, 'utf8')))
    : { high: [], lower: [], serverErrors: [] };
  const wapitiRan = existsSync(wapitiOut);
  if (!wapitiRan) console.log(`wapiti wrote no report:\n${w.output.slice(-3000)}`);
  for (const f of [...findings.high, ...findings.serverErrors]) console.log(`wapiti: ${f}`);
  for (const f of findings.lower) console.log(`wapiti (low/medium, reported only): ${f}`);

  const failed =
    injections.length + findings.high.length + findings.serverErrors.length + (wapitiRan ? 0 : 1);
  console.log(
    `Reports: ${work} (sqlmap/127.0.0.1/log lists any injection point sqlmap confirmed; wapiti-report.json has every wapiti finding by category, with its request)`,
  );
  return {
    failed,
    summary: `sqlmap ${targets.length} URLs, ${params} parameters, ${injections.length} injectable${timedOut.length ? `, ${timedOut.length} stopped at the ${SQLMAP_SECONDS_PER_TARGET} s bound` : ''}; wapiti ${WAPITI_MODULES.length} modules, ${findings.high.length} high/critical, ${findings.serverErrors.length} server errors, ${findings.lower.length} low/medium`,
  };
}

async function main(): Promise<void> {
  if (SCANNERS) {
    ensureTools();
    ensureWebBuild();
  }
  if (isolate()) return;
  const started = Date.now();
  const work = mkdtempSync(join(tmpdir(), 'switchboard-attack-'));
  const dataDir = join(work, 'data');
  const server = spawnServer(dataDir, PORT, {
    HOST: '127.0.0.1',
    DEMO_DATA: 'on',
    JWT_SECRET,
    LOG_LEVEL: 'warn',
  });
  let exitCode = 1;
  try {
    await waitForServer(server);
    console.log(`attack: the server is up after ${Math.round((Date.now() - started) / 1000)} s`);
    const prepared = await prepare();
    let rootToken = prepared.token;
    let appToken = await signInApp();
    // ATTACK_TARGETS (a regular expression over the paths) narrows a run, for a quick look at one screen.
    const only = process.env.ATTACK_TARGETS ? new RegExp(process.env.ATTACK_TARGETS) : null;

    const openapi = await (await fetch(`${BASE}/api/docs/json`)).json();
    const fuzz = await fuzzApi(
      {
        host: '127.0.0.1',
        port: PORT,
        // Root's factory-reset preview shows the data directory by design: only the secret is checked.
        secrets: [JWT_SECRET],
        rootToken: async () => rootToken,
        appToken: async () => appToken,
        restoreSettings: async () => {
          if ((await api('/api/v1/admin/settings', { token: rootToken })).status === 401)
            rootToken = await signInRoot();
          await putSettings(rootToken, prepared.settings);
        },
        checkSessions: async () => {
          if ((await api('/api/v1/admin/settings', { token: rootToken })).status === 401)
            rootToken = await signInRoot();
          if ((await api('/api/v1/users/me', { token: appToken })).status === 401)
            appToken = await signInApp();
        },
      },
      openapi,
      { casesPerOperation: FUZZ_CASES, seed: FUZZ_SEED, only, width: 4 },
    );
    for (const failure of fuzz.failures.slice(0, 50)) console.log(`fuzz: ${failure}`);
    console.log(`attack: the fuzz stage ended after ${Math.round((Date.now() - started) / 1000)} s`);
    const statuses = Object.entries(fuzz.statuses)
      .sort()
      .map(([bucket, n]) => `${n} × ${bucket}`)
      .join(', ');
    const fuzzSummary = `fuzz ${fuzz.operations} operations (${fuzz.appOperations} of the app API with an app token), ${fuzz.requests} requests (${statuses}), ${fuzz.failures.length} problems, seed ${FUZZ_SEED}`;

    // ATTACK_SCAN_TARGETS narrows the scanners alone (a bounded run), the fuzz stage still covering every operation.
    const scanOnly = process.env.ATTACK_SCAN_TARGETS ? new RegExp(process.env.ATTACK_SCAN_TARGETS) : only;
    const scanned = SCANNERS ? await scan(rootToken, appToken, work, scanOnly) : null;
    const alive = server.child.exitCode === null;
    const failed = fuzz.failures.length + (scanned?.failed ?? 0) + (alive ? 0 : 1);
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(
      `attack: ${fuzzSummary}; ${scanned ? scanned.summary : 'scanners not run (npm run attack -- --scanners)'}; server ${alive ? 'still up' : 'EXITED'}; ${seconds} s`,
    );
    console.log(`attack: ${failed === 0 ? 1 : 0} passed, ${failed === 0 ? 0 : 1} failed`);
    exitCode = failed === 0 ? 0 : 1;
    if (exitCode === 0 && !process.env.ATTACK_KEEP) rmSync(dataDir, { recursive: true, force: true });
  } finally {
    server.child.kill('SIGTERM');
    await Promise.race([server.exited, new Promise((r) => setTimeout(r, 10_000))]);
  }
  process.exit(exitCode);
}

void main().catch((error: unknown) => {
  console.error(error);
  console.log('attack: 0 passed, 1 failed');
  process.exit(1);
});
