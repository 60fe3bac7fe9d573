// Which server the bench starts: the compiled bundle, as `npm start` runs it, or the sources through tsx,
// as `npm run dev` and the tests run them. BENCH_SERVER=compiled|tsx; unset: the bundle when it is current.
import { buildServer, bundleIsCurrent } from '../scripts/build-server.mjs';

export interface ServerChoice {
  compiled: boolean;
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
  if (setting) throw new Error(`BENCH_SERVER must be compiled or tsx, not ${setting}`);
  return bundleIsCurrent()
    ? { compiled: true, label: 'compiled, server/dist/bundle/main.mjs (current with the sources)' }
    : {
        compiled: false,
        label:
          'tsx (server/dist/bundle/main.mjs is missing or older than the sources: BENCH_SERVER=compiled builds it)',
      };
}
