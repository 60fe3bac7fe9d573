import type { CallPathReport } from '@switchboard/contract/call-inspector';
import type { Random } from '../synthetic/prng.ts';
import type { NetworkProfile } from './network-profiles.ts';

/** How one side's connection comes up, as a real app's ICE agent and getStats would tell it. */
export type SidePlan =
  | { connects: true; iceMs: number; mediaMs: number; path: Omit<CallPathReport, 'call_id'> }
  | { connects: false; failAfterMs: number };

/** Of the users behind a NAT that maps each destination apart (symmetric), as mobile carriers often do. */
const SYMMETRIC_NAT: Record<NetworkProfile['name'], number> = {
  good_wifi: 0.04,
  congested_4g: 0.3,
  lossy_link: 0.15,
};
/** A relayed call finds no TURN server this often (none configured, or unreachable): ICE fails. */
const NO_RELAY = 0.1;
/** The simulated TURN server the relayed paths go through. */
export const SIMULATED_RELAY = 'turn:turn.simulated.invalid:3478?transport=udp';

/**
 * One side's ICE and first media after the answer: a few hundred ms on a good network, seconds on a
 * congested one, and through a relay, or not at all, when this side is behind a symmetric NAT.
 */
export function planSide(rng: Random, profile: NetworkProfile): SidePlan {
  const relayed = rng.chance(SYMMETRIC_NAT[profile.name]);
  if (relayed && rng.chance(NO_RELAY)) return { connects: false, failAfterMs: rng.between(8000, 15_000) };
  const rtt = Math.max(5, profile.rttMs[0] + rng.normal() * profile.rttMs[1]) * (relayed ? 1.4 : 1);
  // Gathering, connectivity checks (a few round trips) and DTLS: a handful of RTTs, more behind a relay.
  const iceMs = Math.round(rtt * (relayed ? 8 : 5) + rng.exponential(relayed ? 600 : 150));
  return {
    connects: true,
    iceMs,
    mediaMs: iceMs + Math.round(rtt * 2 + rng.exponential(80)),
    path: {
      local_candidate_type: relayed ? 'relay' : rng.chance(0.1) ? 'host' : 'srflx',
      remote_candidate_type: rng.chance(0.7) ? 'srflx' : 'host',
      transport: relayed && rng.chance(0.2) ? 'tls' : 'udp',
      relay_server: relayed ? SIMULATED_RELAY : null,
      rtt_ms: Math.round(rtt),
    },
  };
}
