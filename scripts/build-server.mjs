// Compiles the server for `npm start`: an esbuild bundle of server/src and the contract, with source
// maps, into server/dist/bundle. Packages from node_modules stay external (native modules, PGlite's
// wasm, pino's workers load from their own folders). tsx stays for `npm run dev` and the tests.
//
// The bundle sits two folders below server/, as the sources' modules do (server/src/db/migrate.ts,
// server/src/http/web-app.ts), so their paths from import.meta.url (../../drizzle, ../../../web/dist)
// land on the same folders; the PGlite thread's './worker-entry.mjs' and the backup's file thread's
// './backup-worker-entry.mjs' are the compiled workers beside it.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUNDLE = join(root, 'server/dist/bundle/main.mjs');
export const SERVER_SOURCES = ['server/src', 'server/drizzle', 'server/package.json', 'contract/src'];

/** Only the workspace contract is compiled in; every other bare import is left to node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@switchboard/contract') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'server/src/main.ts',
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
    plugins: [externalPackages],
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
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const startedAt = Date.now();
  await buildServer();
  console.log(`Built the server into server/dist/bundle in ${Date.now() - startedAt} ms`);
}
