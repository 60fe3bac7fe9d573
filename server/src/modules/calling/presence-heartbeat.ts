import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import {
  clearOnlineWithoutPresence,
  leaveInstance,
  reapDeadInstances,
  reclaimPresence,
  stampInstance,
} from '../users/presence.repository.ts';

/** How often each instance stamps its heartbeat and looks for dead instances. */
export const PRESENCE_HEARTBEAT_MS = 5000;
/** An instance whose heartbeat is older than this is dead: its users go offline within this plus one beat. */
export const PRESENCE_STALE_AFTER_MS = 15_000;
/** How long a stopping instance tries to clear its presence before it lets the others reap it. */
const LEAVE_TIMEOUT_MS = 2000;

/**
 * Presence is kept per instance (user_presence rows under this instance's heartbeat row), so that an
 * instance killed outright does not leave its users online: the others reap it once its heartbeat is stale.
 * `localSocketsByUser` says who is connected here, for a heartbeat that finds this instance was reaped.
 */
export function startPresenceHeartbeat(
  db: Database,
  log: FastifyBaseLogger,
  localSocketsByUser: () => Map<string, number>,
  {
    heartbeatMs = PRESENCE_HEARTBEAT_MS,
    staleAfterMs = PRESENCE_STALE_AFTER_MS,
    instanceId = randomUUID(),
    afterBeat,
  }: {
    heartbeatMs?: number;
    staleAfterMs?: number;
    instanceId?: string;
    /** After each beat, told whether this instance had been reaped and wrote its presence again. */
    afterBeat?: (reclaimed: boolean) => Promise<void>;
  } = {},
): { instanceId: string; stop(): Promise<void> } {
  let beating: Promise<void> | null = null;
  let registered: number | null = null;
  let firstBeat = true;
  const beat = () => {
    beating ??= (async () => {
      if (firstBeat) {
        // Once per start: nobody counts as online without a live connection (an old seed's flag).
        const cleared = await clearOnlineWithoutPresence(db);
        if (cleared > 0) log.info({ users: cleared }, 'users marked online with no connection set offline');
        firstBeat = false;
      }
      // New, or reaped while alive (the heartbeat stalled longer than the others wait) and written again
      // since: say again who is here.
      const startedAt = await stampInstance(db, instanceId);
      const reclaimed = registered !== null && startedAt !== registered;
      if (startedAt !== registered) {
        await reclaimPresence(db, instanceId, localSocketsByUser());
        registered = startedAt;
      }
      const gone = await reapDeadInstances(db, staleAfterMs / 1000);
      if (gone.length > 0) log.info({ users: gone.length }, 'presence of a dead instance reaped');
      await afterBeat?.(reclaimed);
    })()
      .catch((err) => log.warn({ err }, 'presence heartbeat failed'))
      .finally(() => {
        beating = null;
      });
    return beating;
  };
  void beat();
  const heartbeat = setInterval(() => void beat(), heartbeatMs);
  heartbeat.unref();

  return {
    instanceId,
    stop: async () => {
      clearInterval(heartbeat);
      // Bounded: a stop must not wait on a database that is gone (the others reap this instance then).
      const leaving = (async () => {
        await beating;
        await leaveInstance(db, instanceId);
      })().catch((err) => log.warn({ err }, 'presence not cleared'));
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        leaving,
        new Promise((resolve) => (timer = setTimeout(resolve, LEAVE_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
    },
  };
}
