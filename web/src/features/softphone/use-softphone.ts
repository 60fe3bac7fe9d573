import { APP_LIMITS } from '@switchboard/contract/account';
import {
  APP_NAMESPACE,
  type AppCall,
  type AppCallType,
  type CallAck,
  type OkAck,
  QUALITY_SAMPLE_INTERVAL_MS,
} from '@switchboard/contract/calling';
import {
  type AppClientToServerEvents,
  type AppServerToClientEvents,
  SOCKET_PATH,
} from '@switchboard/contract/realtime';
import { sendWithRetry } from '@switchboard/contract/relay-retry';
import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { type AppSession, iceConfiguration } from './app-api.ts';
import { createStatsReader } from './call-stats.ts';
import { networkPathOf } from './network-path.ts';
import { createPacedSender } from './paced-sender.ts';

type AppSocket = Socket<AppServerToClientEvents, AppClientToServerEvents>;

export interface Softphone {
  connected: boolean;
  call: AppCall | null;
  /** The RTCPeerConnection's connectionState, while there is one. */
  media: RTCPeerConnectionState | 'none';
  error: string | null;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  place(calleeId: string, type: AppCallType): void;
  accept(): void;
  decline(): void;
  hangUp(): void;
  online(userIds: string[]): Promise<string[]>;
}

const LIVE = ['ringing', 'active'];
/** How long a relayed message waits for its receipt before it counts as undelivered (the server waits 5 s). */
const RECEIPT_MS = 7000;

/**
 * Sends signalling the server relays to the other party, again while the answer is `unavailable` (the
 * other party is moving to another instance, or the instances cannot reach each other) and the call is
 * still this phone's.
 */
function relay<E extends 'call_description' | 'call_ice_candidate'>(
  socket: AppSocket,
  event: E,
  payload: Parameters<AppClientToServerEvents[E]>[0],
  stillWanted: () => boolean,
): void {
  // Typed loosely: socket.io's emitWithAck cannot narrow a generic event name.
  const emit = () =>
    (
      socket.timeout(RECEIPT_MS) as unknown as { emitWithAck(e: E, p: typeof payload): Promise<OkAck> }
    ).emitWithAck(event, payload);
  void sendWithRetry(emit, { stillWanted }).catch(() => undefined);
}

/**
 * One app user's phone: the `/app` socket, the call it is in, and the WebRTC connection of that call.
 * The caller makes the offer once the callee has answered; candidates flow both ways through the server.
 */
export function useSoftphone(session: AppSession): Softphone {
  const [connected, setConnected] = useState(false);
  const [call, setCall] = useState<AppCall | null>(null);
  const [media, setMedia] = useState<Softphone['media']>('none');
  const [error, setError] = useState<string | null>(null);
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const socketRef = useRef<AppSocket | null>(null);
  const pcRef = useRef<RTCPeerConnection | null>(null);
  const statsTimer = useRef<ReturnType<typeof setInterval> | null>(null);
  const pendingCandidates = useRef<RTCIceCandidateInit[]>([]);
  /** The call as last heard, for the socket's reconnection to re-attach to. */
  const callRef = useRef<AppCall | null>(null);
  callRef.current = call;
  /** Whether the call is still this phone's live call: signalling for an ended one is not sent again. */
  const ours = useCallback(
    (callId: number) => () => callRef.current?.id === callId && LIVE.includes(callRef.current.status),
    [],
  );
  // Every event this phone sends goes through one queue paced under the server's per-connection limit.
  const [outbox] = useState(() => createPacedSender(APP_LIMITS.socketEventsPerSecond));
  const send = outbox.send;

  const closeMedia = useCallback(() => {
    if (statsTimer.current) clearInterval(statsTimer.current);
    statsTimer.current = null;
    pcRef.current?.close();
    pcRef.current = null;
    setLocalStream((stream) => {
      for (const track of stream?.getTracks() ?? []) track.stop();
      return null;
    });
    setRemoteStream(null);
    pendingCandidates.current = [];
  }, []);

  /** Opens the peer connection with the user's camera and/or microphone. */
  const openMedia = useCallback(
    async (current: AppCall) => {
      const socket = socketRef.current;
      if (!socket || pcRef.current) return pcRef.current;
      const pc = new RTCPeerConnection(await iceConfiguration(session.token));
      pcRef.current = pc;
      pc.onicecandidate = (event) => {
        const candidate = event.candidate?.toJSON() ?? null;
        send(() => relay(socket, 'call_ice_candidate', { call_id: current.id, candidate }, ours(current.id)));
      };
      // The setup funnel's client steps: ICE connected (with this side's path) or failed, and first media
      // (a remote track unmutes when its first packets arrive).
      const report = (step: 'ice_connected' | 'ice_failed' | 'first_media') =>
        send(() =>
          socket.emit('call_setup_report', { call_id: current.id, step, at: new Date().toISOString() }),
        );
      let mediaSeen = false;
      pc.ontrack = (event) => {
        setRemoteStream(event.streams[0] ?? new MediaStream([event.track]));
        event.track.addEventListener('unmute', () => {
          if (mediaSeen) return;
          mediaSeen = true;
          report('first_media');
        });
      };
      let statsPathSent = false;
      pc.oniceconnectionstatechange = () => {
        if (pc.iceConnectionState === 'failed') report('ice_failed');
        if (pc.iceConnectionState !== 'connected' || statsPathSent) return;
        statsPathSent = true;
        report('ice_connected');
        void pc
          .getStats()
          .then((stats) => {
            const path = networkPathOf(stats, current.id);
            if (path) send(() => socket.emit('call_path_report', path));
          })
          .catch(() => undefined);
      };
      pc.onconnectionstatechange = () => setMedia(pc.connectionState);
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: true,
        video: current.type === 'video',
      });
      for (const track of stream.getTracks()) pc.addTrack(track, stream);
      setLocalStream(stream);
      const read = createStatsReader(pc);
      statsTimer.current = setInterval(() => {
        if (pc.connectionState === 'connected')
          read(current.id)
            .then((report) => send(() => socket.emit('call_quality', report)))
            .catch(() => undefined);
      }, QUALITY_SAMPLE_INTERVAL_MS);
      return pc;
    },
    [session.token, send, ours],
  );

  useEffect(() => {
    const socket: AppSocket = io(APP_NAMESPACE, { path: SOCKET_PATH, auth: { token: session.token } });
    socketRef.current = socket;
    let lost = false;
    socket.on('connect', () => {
      setConnected(true);
      const current = callRef.current;
      if (!lost || !current || !LIVE.includes(current.status)) return;
      // The server this socket was on went away (a deploy, a crash) and it reconnected, maybe to another
      // instance: it carries its call again; the media never went through the server and kept flowing.
      send(
        () =>
          void sendWithRetry(
            () => socket.timeout(RECEIPT_MS).emitWithAck('call_reattach', { call_id: current.id }),
            { stillWanted: () => socket.connected && callRef.current?.id === current.id },
          ).then((ack) => {
            if (ack.ok) return setCall(ack.call);
            if (ack.code === 'unavailable') return setError(ack.message);
            closeMedia();
            setMedia('none');
            setCall(null);
          }),
      );
    });
    socket.on('disconnect', () => {
      lost = true;
      setConnected(false);
    });
    socket.on('connect_error', (err) => setError(err.message));
    socket.on('call_incoming', (incoming) => {
      // After a Redis outage the server may ring the same call again: it is the call this phone rings for.
      if (callRef.current?.id === incoming.id) return;
      setCall(incoming);
      send(() =>
        socket.emit('call_setup_report', {
          call_id: incoming.id,
          step: 'ringing',
          at: new Date().toISOString(),
        }),
      );
    });
    socket.on('call_state', (next) => {
      setCall((current) =>
        current && current.id !== next.id && LIVE.includes(current.status) ? current : next,
      );
      if (!LIVE.includes(next.status)) {
        closeMedia();
        setMedia('none');
      } else if (next.status === 'active' && next.caller_id === session.user.id && !pcRef.current) {
        // The callee answered: the caller offers (once: a later state of the same call, such as a party
        // re-attaching after its server went away, changes nothing in the media).
        void openMedia(next).then(async (pc) => {
          if (!pc) return;
          const offer = await pc.createOffer();
          await pc.setLocalDescription(offer);
          send(() =>
            relay(
              socket,
              'call_description',
              { call_id: next.id, description: { type: offer.type, sdp: offer.sdp } },
              ours(next.id),
            ),
          );
        });
      }
    });
    socket.on('call_description', async ({ call_id, description }, ack) => {
      // The receipt tells the sender the message arrived (the server relays it across instances).
      ack({ ok: true });
      const pc = pcRef.current;
      if (!pc) return;
      await pc.setRemoteDescription(description);
      for (const candidate of pendingCandidates.current.splice(0)) await pc.addIceCandidate(candidate);
      if (description.type === 'offer') {
        const answer = await pc.createAnswer();
        await pc.setLocalDescription(answer);
        send(() =>
          relay(
            socket,
            'call_description',
            { call_id, description: { type: answer.type, sdp: answer.sdp } },
            ours(call_id),
          ),
        );
      }
    });
    socket.on('call_ice_candidate', async ({ candidate }, ack) => {
      ack({ ok: true });
      const pc = pcRef.current;
      if (!pc || !candidate) return;
      if (pc.remoteDescription) await pc.addIceCandidate(candidate).catch(() => undefined);
      else pendingCandidates.current.push(candidate);
    });
    return () => {
      outbox.clear();
      socket.close();
      closeMedia();
    };
  }, [session, openMedia, closeMedia, send, outbox, ours]);

  const answer = (ack: CallAck) => {
    if (ack.ok) setCall(ack.call);
    else setError(ack.message);
    return ack;
  };

  return {
    connected,
    call,
    media,
    error,
    localStream,
    remoteStream,
    place(calleeId, type) {
      setError(null);
      send(() => socketRef.current?.emit('call_invite', { callee_id: calleeId, type }, answer));
    },
    accept() {
      const current = call;
      if (!current) return;
      // The media is ready before the answer goes out, so the caller's offer finds a peer connection.
      void openMedia(current).then(() =>
        send(() =>
          socketRef.current?.emit('call_accept', { call_id: current.id }, (ack) => {
            if (!answer(ack).ok) closeMedia();
          }),
        ),
      );
    },
    decline() {
      if (call) send(() => socketRef.current?.emit('call_decline', { call_id: call.id }, answer));
    },
    hangUp() {
      if (call) send(() => socketRef.current?.emit('call_hangup', { call_id: call.id }, answer));
    },
    online: (userIds) =>
      new Promise((resolve) =>
        send(() =>
          socketRef.current?.emit('presence_query', { user_ids: userIds }, (ack) =>
            resolve(ack.ok ? ack.online : []),
          ),
        ),
      ),
  };
}
