import { CANDIDATE_TYPES, type CallPathReport, PATH_TRANSPORTS } from '@switchboard/contract/call-inspector';

type Stats = Record<string, unknown>;
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.find((v) => v === value);

/**
 * The selected candidate pair of a connected RTCPeerConnection's getStats(): which kind of candidate each
 * end used, the transport (tls when this side reached its TURN server over TLS), the relay server when this
 * side went through one, and the pair's RTT. Null while no pair has been selected.
 */
export function networkPathOf(report: RTCStatsReport, callId: number): CallPathReport | null {
  const all = [...(report as unknown as Map<string, Stats>).values()];
  const transport = all.find((s) => s.type === 'transport' && typeof s.selectedCandidatePairId === 'string');
  const pair =
    (transport && report.get(transport.selectedCandidatePairId as string)) ??
    all.find((s) => s.type === 'candidate-pair' && s.nominated === true && s.state === 'succeeded');
  if (!pair) return null;
  const local = report.get(pair.localCandidateId as string) as Stats | undefined;
  const remote = report.get(pair.remoteCandidateId as string) as Stats | undefined;
  const localType = oneOf(CANDIDATE_TYPES, local?.candidateType);
  const remoteType = oneOf(CANDIDATE_TYPES, remote?.candidateType);
  if (!localType || !remoteType) return null;
  const relayed = localType === 'relay';
  const protocol = relayed && local?.relayProtocol ? local.relayProtocol : local?.protocol;
  const relayAddress = local?.address ?? local?.ip;
  return {
    call_id: callId,
    local_candidate_type: localType,
    remote_candidate_type: remoteType,
    transport: oneOf(PATH_TRANSPORTS, protocol) ?? 'udp',
    relay_server: relayed
      ? String(local?.url ?? (relayAddress ? `${relayAddress}:${local?.port ?? ''}` : 'unknown')).slice(
          0,
          300,
        )
      : null,
    rtt_ms:
      typeof pair.currentRoundTripTime === 'number' ? Math.round(pair.currentRoundTripTime * 1000) : null,
  };
}
