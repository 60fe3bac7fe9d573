import { describe, expect, it } from 'vitest';
import { networkPathOf } from './network-path.ts';

const statsOf = (entries: Record<string, unknown>[]) =>
  new Map(entries.map((e) => [e.id as string, e])) as unknown as RTCStatsReport;

describe('the network path from getStats', () => {
  it('reads the selected pair: a relay over TLS to the TURN server, with its URL and RTT', () => {
    const report = statsOf([
      { id: 'T1', type: 'transport', selectedCandidatePairId: 'P2' },
      { id: 'P1', type: 'candidate-pair', localCandidateId: 'L1', remoteCandidateId: 'R1', nominated: false },
      {
        id: 'P2',
        type: 'candidate-pair',
        localCandidateId: 'L2',
        remoteCandidateId: 'R1',
        nominated: true,
        state: 'succeeded',
        currentRoundTripTime: 0.0834,
      },
      { id: 'L1', type: 'local-candidate', candidateType: 'host', protocol: 'udp' },
      {
        id: 'L2',
        type: 'local-candidate',
        candidateType: 'relay',
        protocol: 'udp',
        relayProtocol: 'tls',
        url: 'turns:turn.example.org:5349',
        address: '203.0.113.7',
        port: 50000,
      },
      { id: 'R1', type: 'remote-candidate', candidateType: 'srflx', protocol: 'udp' },
    ]);
    expect(networkPathOf(report, 7)).toEqual({
      call_id: 7,
      local_candidate_type: 'relay',
      remote_candidate_type: 'srflx',
      transport: 'tls',
      relay_server: 'turns:turn.example.org:5349',
      rtt_ms: 83,
    });
  });

  it('reads a direct pair without a relay, and nothing before a pair is selected', () => {
    const direct = statsOf([
      {
        id: 'P1',
        type: 'candidate-pair',
        localCandidateId: 'L1',
        remoteCandidateId: 'R1',
        nominated: true,
        state: 'succeeded',
      },
      { id: 'L1', type: 'local-candidate', candidateType: 'srflx', protocol: 'udp' },
      { id: 'R1', type: 'remote-candidate', candidateType: 'host', protocol: 'udp' },
    ]);
    expect(networkPathOf(direct, 1)).toMatchObject({
      local_candidate_type: 'srflx',
      relay_server: null,
      rtt_ms: null,
    });
    expect(networkPathOf(statsOf([]), 1)).toBeNull();
  });
});
