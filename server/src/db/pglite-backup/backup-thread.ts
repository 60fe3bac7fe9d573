import { Worker } from 'node:worker_threads';
import type { BackupFiles, BackupStep, BackupStepReply } from './backup-worker.ts';

type Step = Exclude<BackupStep, { op: 'stop' }>;

/**
 * A thread for a backup's file work (`backup-worker.ts`): copying the data directory and streaming the
 * copy into the tarball. On the PGlite thread each of its many small steps (a stat, a copy, a chunk)
 * waited for the queries queued before it, and under load a backup of the 1m data set took 10 minutes.
 * An abort of `signal` stops the step under way.
 */
export function startBackupThread(files: BackupFiles, signal: AbortSignal) {
  const worker = new Worker(new URL('./backup-worker-entry.mjs', import.meta.url), {
    workerData: files,
    execArgv: [],
  });
  let current: { resolve: (bytes: number) => void; reject: (err: unknown) => void } | undefined;
  let failure: Error | undefined;
  const settle = (reply: BackupStepReply) => {
    const step = current;
    current = undefined;
    if (reply.ok) step?.resolve(reply.bytes);
    else step?.reject(signal.aborted ? signal.reason : new Error(reply.message));
  };
  const fail = (err: Error) => {
    failure ??= err;
    current?.reject(failure);
    current = undefined;
  };
  const stop = () => worker.postMessage({ op: 'stop' } satisfies BackupStep);
  worker.on('message', settle);
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the backup's file thread exited with code ${code}`)));
  signal.addEventListener('abort', stop, { once: true });
  return {
    /** Runs one step; resolves with its bytes. */
    run(step: Step): Promise<number> {
      return new Promise((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        if (failure) return reject(failure);
        current = { resolve, reject };
        worker.postMessage(step);
      });
    },
    async close(): Promise<void> {
      signal.removeEventListener('abort', stop);
      await worker.terminate();
    },
  };
}
