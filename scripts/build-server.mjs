// Compiles the server for `npm start`: an esbuild bundle of server/src and the contract, with source
// maps, into server/dist/bundle, with the packages it can hold (EXTERNAL lists those that stay in
// node_modules). tsx stays for `npm run dev` and the tests.
//
// The bundle sits two folders below server/, as the sources' modules do (server/src/db/migrate.ts,
// server/src/http/web-app.ts), so their paths from import.meta.url (../../drizzle, ../../../web/dist)
// land on the same folders; the PGlite thread's './worker-entry.mjs' and the backup's file thread's
// './backup-worker-entry.mjs' are the compiled workers beside it.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUNDLE = join(root, 'server/dist/bundle/main.mjs');
export const SERVER_SOURCES = ['server/src', 'server/drizzle', 'server/package.json', 'contract/src'];

/** A chunk's file name: its module's name and esbuild's 8-character hash. */
const CHUNK = /-[A-Z0-9]{8}\.mjs(\.map)?$/;

/** The newest modification time under `path` (ms), 0 if it does not exist. */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** Whether the bundle exists and is at least as new as every file of SERVER_SOURCES. */
export function bundleIsCurrent() {
  const bundledAt = existsSync(SERVER_BUNDLE) ? statSync(SERVER_BUNDLE).mtimeMs : 0;
  return bundledAt >= Math.max(...SERVER_SOURCES.map((p) => newestMtime(join(root, p))));
}

/**
 * Packages that load from node_modules at run time instead of being compiled in: native modules,
 * packages that read files beside their own code (PGlite's wasm), and the tracing packages, which load
 * only when tracing is on and patch modules as Node loads them. Every other package is compiled into the
 * bundle: loading several hundred files one by one (resolving, reading, compiling each) was most of the
 * server's start. socket.io (its client script is not served: `serveClient: false`), pino (no worker
 * transports are used) and @fastify/swagger-ui (see FILES_BESIDE) were external until the start was
 * measured: with @opentelemetry/api, which prom-client loads at start, they were ~300 files and a
 * quarter of a second of it. (@fastify/swagger, compiled in, finds no package.json of its own and falls
 * back to defaults the app's document overrides.)
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@fastify/otel',
  '@opentelemetry/',
  'pg-native',
  'cli-progress',
  'tsx',
];
/**
 * Compiled in although EXTERNAL's prefix names it. Only an API: its state lives on globalThis under a
 * versioned key, so the tracing packages' own copy, loaded from node_modules, shares it.
 */
const COMPILED_IN = ['@opentelemetry/api'];
const isExternal = (path) =>
  !COMPILED_IN.includes(path) &&
  EXTERNAL.some((name) => path === name || path.startsWith(name.endsWith('/') ? name : `${name}/`));

/**
 * Compiled-in CommonJS files that find files beside themselves with `__dirname` (swagger-ui's pages and
 * logo), which an ES module does not have: each gets its own folder in node_modules, found at run time.
 * The package's own files only; those of the packages nested in it do not use `__dirname`.
 */
const FILES_BESIDE = /node_modules\/(@fastify\/swagger-ui)\/(.*\/)?[^/]+\.js$/;
const dirnameOfCompiledIn = {
  name: 'dirname-of-compiled-in',
  setup(build) {
    build.onLoad({ filter: FILES_BESIDE }, async (args) => {
      const [, name, folder = ''] = FILES_BESIDE.exec(args.path.replaceAll('\\', '/'));
      if (folder.includes('node_modules/')) return undefined;
      const dirname = `require('node:path').join(require('node:path').dirname(require.resolve('${name}/package.json')), '${folder}')`;
      return {
        contents: `const __dirname = ${dirname};\n${await readFile(args.path, 'utf8')}`,
        loader: 'js',
      };
    });
  },
};

const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      isExternal(args.path) ? { path: args.path, external: true } : undefined,
    );
  },
};

/**
 * The CommonJS packages compiled in still call require() for Node's own modules, which an ES module
 * does not have: each output file gets one, made for its own place.
 */
const REQUIRE_SHIM =
  "import { createRequire as __switchboardCreateRequire } from 'node:module';\n" +
  'const require = __switchboardCreateRequire(import.meta.url);';

export async function buildServer() {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'server/src/main-compiled.ts',
      'worker-entry': 'server/src/db/pglite-thread/pglite-worker.ts',
      'backup-worker-entry': 'server/src/db/pglite-backup/backup-worker.ts',
    },
    outdir: 'server/dist/bundle',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Stack traces map to the files on disk; the maps need not carry every package's source (it made
    // them 10 MB, parsed at each start with --enable-source-maps).
    sourcesContent: false,
    minifyWhitespace: true,
    minifySyntax: true,
    // main.ts imports run-server.ts dynamically so the embedded database opens while it loads; only
    // split into chunks does that module (and the packages it imports) load at that point, not first.
    // The chunks sit beside main.mjs, so import.meta.url paths stay the same from every one.
    splitting: true,
    chunkNames: '[name]-[hash]',
    plugins: [externalPackages, dirnameOfCompiledIn],
    banner: { js: REQUIRE_SHIM },
    write: false,
    logLevel: 'warning',
  });
  // Each file is written beside its place and renamed over it, so a server starting meanwhile (tests
  // start several at once) reads a whole file, never a half-written one.
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const partial = `${file.path}.${process.pid}.tmp`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  // Chunks of earlier builds: their names hold a hash, so new ones never replace them.
  const bundleDir = dirname(SERVER_BUNDLE);
  const written = new Set(result.outputFiles.map((file) => file.path));
  for (const name of readdirSync(bundleDir)) {
    if (CHUNK.test(name) && !written.has(join(bundleDir, name)))
      rmSync(join(bundleDir, name), { force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const startedAt = Date.now();
  await buildServer();
  console.log(`Built the server into server/dist/bundle in ${Date.now() - startedAt} ms`);
}
