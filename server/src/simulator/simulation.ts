import type { AppCall } from '@switchboard/contract/calling';
import { HOURLY_TRAFFIC } from '../synthetic/hourly-traffic.ts';
import { Random, Weighted } from '../synthetic/prng.ts';
import { NETWORK_PROFILES, type NetworkProfile } from './network-profiles.ts';
import { type UserObserver, VirtualUser } from './virtual-user.ts';

export interface SimulationOptions {
  /** The server's base URL, e.g. http://127.0.0.1:8080. */
  url: string;
  /** Several instances of one server to spread the users over in turn (instead of `url`). */
  urls?: readonly string[];
  users: number;
  /** Call attempts per second across all users. */
  rate: number;
  seed: number;
  /** A fixed share of users online (0 to 1) instead of the app's daily rhythm. */
  onlineShare?: number;
  /** Social actions per second across all users (likes, follows, friend requests, reports, moves); the call rate by default. */
  socialRate?: number;
  /** Median talk time in seconds; by default a minute for voice and two for video. */
  talkMedianSeconds?: number;
  /** Each socket that came back after its server went away (a deploy, a crash), `ms` after it was lost. */
  onReconnected?: (ms: number) => void;
  /** Each live call that re-attached (`ok`) or not once its socket came back, `ms` after it was lost. */
  onReattached?: (ms: number, ok: boolean) => void;
  /** Each failure a user met (what it was doing, and the error), besides the count in stats(). */
  onError?: (what: string, message: string) => void;
  /** One line per notable happening (an admin ending a call, a failure); never per event. */
  log?: (line: string) => void;
}

export interface SimulationStats {
  online: number;
  activeCalls: number;
  ringing: number;
  eventsPerSecond: number;
  errors: number;
  lastError: string | null;
  /** p95 of the time from a caller's invitation to its arrival on the callee's socket, over the last 1,000; null before any. */
  inviteDeliveryP95Ms: number | null;
  /** Calls that connected, and of those the ones whose parties were on different instances. */
  connectedCalls: number;
  connectedAcrossInstances: number;
}

export interface Simulation {
  stats(): SimulationStats;
  /** Ends the simulated calls and takes every user offline. */
  stop(): Promise<void>;
}

const TICK_MS = 1000;
/** Sign-ins in flight at once: each costs the server a password hash. */
const SIGN_IN_CONCURRENCY = 4;
/** Share of users online at the quietest and at the busiest hour. */
const ONLINE_SHARE = [0.35, 0.8] as const;
const VIDEO_SHARE = 0.3;
/** Share of users whose app sends a position when it comes online. */
const MOVES_ON_COMING_ONLINE = 0.5;

/**
 * Drives `users` virtual app users against a server: they come online and go with the hour of the
 * day, call each other at `rate` attempts a second, answer, decline or miss, talk, report quality and
 * buy coins; they like, follow, befriend and now and then report each other, move between cities, and
 * read the notifications and official messages the console sends them. Deterministic choices under `seed` (the timing of the network is not).
 */
export function startSimulation(options: SimulationOptions): Simulation {
  const rng = Random.stream(options.seed, 'simulator');
  const log = options.log ?? (() => undefined);
  let events = 0;
  let eventsPerSecond = 0;
  let errors = 0;
  let lastError: string | null = null;
  const deliveries = new RecentSamples(1000);
  let connectedCalls = 0;
  let connectedAcrossInstances = 0;
  const observer: UserObserver = {
    event: () => void events++,
    error: (what, err) => {
      errors++;
      lastError = `${what}: ${err instanceof Error ? err.message : String(err)}`;
      options.onError?.(what, err instanceof Error ? err.message : String(err));
    },
    endedByAdmin: (call: AppCall) =>
      log(`call ${call.id} (${call.caller_username} → ${call.callee_username}) was ended by an admin`),
    delivered: (ms) => deliveries.add(ms),
    reconnected: (ms) => options.onReconnected?.(ms),
    reattached: (ms, ok) => options.onReattached?.(ms, ok),
    connected: (acrossInstances) => {
      connectedCalls++;
      if (acrossInstances) connectedAcrossInstances++;
    },
  };
  const urls = options.urls?.length ? options.urls : [options.url];
  const profiles = new Weighted<NetworkProfile>(NETWORK_PROFILES.map((p) => [p, p.weight] as const));
  const users = Array.from(
    { length: options.users },
    (_, i) =>
      new VirtualUser(
        {
          username: `sim_${options.seed}_${i + 1}`,
          password: `Sim-${options.seed}-${i + 1}-Pass!`,
          address: simulatedAddress(i),
          profile: profiles.pick(rng),
        },
        urls[i % urls.length] as string,
        Random.stream(options.seed, `user-${i}`),
        observer,
        options.talkMedianSeconds,
      ),
  );
  const signingIn = new Set<VirtualUser>();
  /** Users chosen to come online, waiting for a sign-in slot; the next starts as soon as one ends. */
  const arriving: VirtualUser[] = [];
  let stopped = false;

  const admitArrivals = () => {
    while (!stopped && signingIn.size < SIGN_IN_CONCURRENCY && arriving.length > 0) {
      const user = arriving.shift() as VirtualUser;
      signingIn.add(user);
      user
        .comeOnline()
        .then(() => (rng.chance(MOVES_ON_COMING_ONLINE) ? user.social.move() : undefined))
        .catch((err) => observer.error('sign-in', err))
        .finally(() => {
          signingIn.delete(user);
          admitArrivals();
        });
    }
  };

  const tick = () => {
    eventsPerSecond = events;
    events = 0;
    const online = users.filter((u) => u.online);
    const waiting = new Set(arriving);
    const offline = users.filter((u) => !u.online && !u.resting && !waiting.has(u) && !signingIn.has(u));
    const target = Math.round(options.users * (options.onlineShare ?? onlineShare(new Date())));
    // Toward the hour's share of users online, a few at a time.
    const step = Math.max(1, Math.ceil(options.users / 60));
    const coming = online.length + signingIn.size + arriving.length;
    for (let i = 0; i < step && coming + i < target && offline.length > 0; i++)
      arriving.push(offline.splice(rng.below(offline.length), 1)[0] as VirtualUser);
    admitArrivals();
    if (online.length > target + step) {
      const idle = online.filter((u) => !u.inCall);
      for (let i = 0; i < step && idle.length > 0; i++)
        idle.splice(rng.below(idle.length), 1)[0]?.goOffline();
    }
    // Call attempts, Poisson-distributed around the rate.
    const idle = online.filter((u) => !u.inCall && !u.resting);
    for (let n = poisson(rng, options.rate); n > 0 && idle.length >= 2; n--) {
      const caller = idle.splice(rng.below(idle.length), 1)[0] as VirtualUser;
      const callee = idle.splice(rng.below(idle.length), 1)[0] as VirtualUser;
      void caller.place(callee, rng.chance(VIDEO_SHARE) ? 'video' : 'voice');
    }
    const known = users.filter((u) => u.id !== null);
    for (
      let n = poisson(rng, options.socialRate ?? options.rate);
      n > 0 && online.length > 0 && known.length > 1;
      n--
    )
      socialAction(rng.pick(online), rng.pick(known));
  };
  const socialAction = (actor: VirtualUser, other: VirtualUser) => {
    if (actor === other || !other.id) return;
    const action = actor.social.pickAction();
    observer.event();
    void actor.social.act(action, other.id).then((friendRequest) => {
      if (friendRequest !== null) other.later(() => other.social.answerFriendRequest(friendRequest));
    });
  };
  const timer = setInterval(() => {
    if (!stopped) tick();
  }, TICK_MS);
  timer.unref();

  return {
    stats: () => ({
      online: users.filter((u) => u.online).length,
      activeCalls: users.filter((u) => u.activeCall && u.activeCall.caller_id === u.id).length,
      ringing: users.filter((u) => u.placing).length,
      eventsPerSecond,
      errors,
      lastError,
      inviteDeliveryP95Ms: deliveries.quantile(0.95),
      connectedCalls,
      connectedAcrossInstances,
    }),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await Promise.race([
        Promise.all(users.filter((u) => u.inCall).map((u) => u.hangUp())),
        new Promise((resolve) => setTimeout(resolve, 5000)),
      ]);
      for (const user of users) user.goOffline();
    },
  };
}

/** The share of users online now, following the app's day (UTC). */
function onlineShare(now: Date): number {
  const [low, high] = ONLINE_SHARE;
  return low + (high - low) * (HOURLY_TRAFFIC[now.getUTCHours()] as number);
}

/**
 * Each user's own address in 100.64.0.0/10 (carrier-grade NAT, where mobile users come from), one /24
 * network each so per-network budgets treat them as the different people they are.
 */
export function simulatedAddress(i: number): string {
  return `100.${64 + ((i >> 8) & 63)}.${i & 255}.${10 + (i % 200)}`;
}

function poisson(rng: Random, mean: number): number {
  const limit = Math.exp(-mean);
  let n = 0;
  for (let p = rng.next(); p > limit; p *= rng.next()) n++;
  return n;
}

/** The last `size` values of a measure, for a quantile of recent behaviour. */
class RecentSamples {
  private readonly values: number[] = [];
  private next = 0;
  constructor(private readonly size: number) {}

  add(value: number): void {
    if (this.values.length < this.size) this.values.push(value);
    else this.values[this.next] = value;
    this.next = (this.next + 1) % this.size;
  }

  quantile(q: number): number | null {
    if (this.values.length === 0) return null;
    const sorted = [...this.values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  }
}
