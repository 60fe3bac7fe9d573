// `npm start`: builds the web app when its sources are newer than the build, compiles the server when
// its sources are newer than its bundle (scripts/build-server.mjs, two seconds or so), then runs the
// compiled server. `npm start -- --no-build` skips the web app's build check (the server then serves
// whatever web/dist holds); a missing or stale server bundle is still compiled.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, bundleIsCurrent, newestMtime, SERVER_BUNDLE } from './build-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const builtIndex = join(root, 'web/dist/index.html');
const webSources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'contract/src'];

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...webSources.map((p) => newestMtime(join(root, p))));
if (!process.argv.includes('--no-build') && sourcesAt > builtAt) {
  console.log('Building the web app (about a minute on 2 cores; only when its sources changed)…');
  const build = await runWithProgress('npm', ['run', 'build', '-w', 'web'], 'building the web app');
  if (build !== 0) process.exit(build ?? 1);
}

/**
 * Runs a build step with its output shown, and a line every 10 s while it runs, so a slow machine
 * shows it is still working (the bundler can print nothing for tens of seconds).
 */
function runWithProgress(command, args, what) {
  const startedAt = Date.now();
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  const ticker = setInterval(
    () => console.log(`… still ${what} (${Math.round((Date.now() - startedAt) / 1000)} s)`),
    10_000,
  );
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearInterval(ticker);
      console.log(`Done ${what} in ${Math.round((Date.now() - startedAt) / 1000)} s`);
      resolve(code);
    }),
  );
}

if (!bundleIsCurrent()) {
  console.log('Compiling the server…');
  try {
    await buildServer();
  } catch (err) {
    console.error('Compiling the server failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  }
}

// The server runs in its own process group, so a signal to this group (Ctrl-C in a terminal,
// `kill -- -PGID`, a supervisor) reaches it once, through here, and not a second time directly:
// a second signal means "exit now" to the server. The IPC channel closes if this process dies in
// any way (even SIGKILL), and the server then stops by itself rather than live on as an orphan.
const server = spawn(process.execPath, [SERVER_BUNDLE], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  detached: true,
});

// npm forwards the signal it receives, so one Ctrl-C or group signal can arrive here twice:
// forward the first. Only a Ctrl-C pressed again later (an operator insisting) is passed on too;
// supervisors escalate to SIGKILL by themselves.
const REPEAT_AFTER_MS = 2000;
let forwardedAt = 0;
const stop = (signal) => {
  const now = Date.now();
  if (forwardedAt && (signal !== 'SIGINT' || now - forwardedAt < REPEAT_AFTER_MS)) return;
  forwardedAt = now;
  server.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => stop(signal === 'SIGHUP' ? 'SIGTERM' : signal));

// When whatever started us goes away (npm killed alone, a closed terminal), we are reparented:
// stop the server rather than leave it running with nobody to stop it.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 250).unref();

server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
