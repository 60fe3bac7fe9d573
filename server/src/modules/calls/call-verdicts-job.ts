import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { judgeEndedCalls } from './call-inspector.service.ts';

/** How often each instance judges the calls that have just ended. */
export const CALL_VERDICTS_INTERVAL_MS = 5000;

/** Judges ended calls every few seconds (docs/call-verdicts.md); a failed pass is logged and retried. */
export function startCallVerdicts(
  db: Database,
  { log, intervalMs = CALL_VERDICTS_INTERVAL_MS }: { log: FastifyBaseLogger; intervalMs?: number },
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = judgeEndedCalls(db)
      .catch((err) => log.warn({ err }, 'call verdicts failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
