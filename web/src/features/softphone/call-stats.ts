import type { CallQualityReport } from '@switchboard/contract/calling';

interface Totals {
  at: number;
  bytes: number;
  received: number;
  lost: number;
}

/**
 * Reads one interval's figures from getStats(): round-trip time of the selected candidate pair, inbound
 * jitter, the share of packets lost and the bitrate received since the previous reading, and the codec.
 * The first interval runs from the reader's creation, so the first sample has a bitrate too.
 */
export function createStatsReader(pc: RTCPeerConnection) {
  let previous: Totals = { at: performance.now(), bytes: 0, received: 0, lost: 0 };
  return async (callId: number): Promise<CallQualityReport> => {
    const stats = await pc.getStats();
    let rtt = 0;
    let jitter = 0;
    let codecId: string | undefined;
    const now: Totals = { at: performance.now(), bytes: 0, received: 0, lost: 0 };
    stats.forEach((s) => {
      if (s.type === 'candidate-pair' && s.nominated && typeof s.currentRoundTripTime === 'number')
        rtt = s.currentRoundTripTime * 1000;
      if (s.type === 'inbound-rtp') {
        now.bytes += s.bytesReceived ?? 0;
        now.received += s.packetsReceived ?? 0;
        now.lost += Math.max(0, s.packetsLost ?? 0);
        jitter = Math.max(jitter, (s.jitter ?? 0) * 1000);
        codecId ??= s.codecId;
      }
    });
    const codec = codecId ? (stats.get(codecId)?.mimeType as string | undefined) : undefined;
    const seconds = (now.at - previous.at) / 1000;
    const received = now.received - previous.received;
    const lost = now.lost - previous.lost;
    const report: CallQualityReport = {
      call_id: callId,
      rtt_ms: Math.round(rtt * 10) / 10,
      jitter_ms: Math.round(jitter * 10) / 10,
      packet_loss: received + lost > 0 ? Math.min(100, (100 * Math.max(0, lost)) / (received + lost)) : 0,
      bitrate_kbps: seconds > 0 ? Math.max(0, ((now.bytes - previous.bytes) * 8) / 1000 / seconds) : 0,
      codec: codec ?? null,
    };
    previous = now;
    return report;
  };
}
