import module from 'node:module';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { configuredDatabase } from './db/database-target.ts';
import { startOpeningEmbedded } from './db/embedded-opening.ts';
import { keepRunningOnUnhandledRejections } from './process-faults.ts';

/**
 * The server's entry. It imports only what reads the configuration and opens the embedded database:
 * the database's thread starts before the rest of the server (run-server.ts, a separate chunk of the
 * compiled bundle) is loaded, so the two happen side by side.
 */

/** The app's logger once it exists; before that the last-resort handler writes to stderr. */
let appLog: { error(details: object, message: string): void } | undefined;

async function main(): Promise<void> {
  keepRunningOnUnhandledRejections((details, message) => (appLog ?? console).error(details, message));
  const config = loadConfig();
  const target = configuredDatabase(config);
  const opening =
    target.kind === 'pglite' && target.dataDir ? startOpeningEmbedded(target.dataDir) : undefined;
  // Node 22.1 and later keep the compiled code of the modules loaded from here on disk between starts.
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  const { runServer } = await import('./run-server.ts');
  await runServer(config, target, opening, (log) => {
    appLog = log;
  });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('Switchboard failed to start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
