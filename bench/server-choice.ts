// Which server the bench starts: the compiled bundle, as `npm start` runs it, or the sources through tsx,
// as `npm run dev` and the tests run them, or another build's bundle for a before-and-after.
// BENCH_SERVER=compiled|tsx|<path to another checkout's server/dist/bundle/main.mjs>; unset: the bundle
// when it is current.
import { existsSync } from 'node:fs';
import { buildServer, bundleIsCurrent } from '../scripts/build-server.mjs';

export interface ServerChoice {
  compiled: boolean;
  /** Another build's bundle: its SQL twins are skipped, since they run this checkout's statements. */
  otherBuild?: string;
  /** What the report prints about the choice. */
  label: string;
}

export async function chooseServer(setting = process.env.BENCH_SERVER): Promise<ServerChoice> {
  if (setting === 'tsx') return { compiled: false, label: 'tsx (BENCH_SERVER=tsx)' };
  if (setting === 'compiled') {
    if (!bundleIsCurrent()) {
      console.log('Compiling the server…');
      await buildServer();
    }
    return { compiled: true, label: 'compiled, server/dist/bundle/main.mjs (BENCH_SERVER=compiled)' };
  }
  if (setting?.endsWith('.mjs')) {
    if (!existsSync(setting)) throw new Error(`BENCH_SERVER names no file: ${setting}`);
    return { compiled: true, otherBuild: setting, label: `another build, ${setting} (no SQL twins)` };
  }
  if (setting) throw new Error(`BENCH_SERVER must be compiled, tsx or a bundle's main.mjs, not ${setting}`);
  return bundleIsCurrent()
    ? { compiled: true, label: 'compiled, server/dist/bundle/main.mjs (current with the sources)' }
    : {
        compiled: false,
        label:
          'tsx (server/dist/bundle/main.mjs is missing or older than the sources: BENCH_SERVER=compiled builds it)',
      };
}
