import { z } from 'zod';
import { APP_LIMITS } from './account.ts';

/** The socket.io namespace calling apps connect to, signed in with their access token (`auth.token`). */
export const APP_NAMESPACE = '/app';

/** A ringing call nobody answers becomes `missed` after this long. */
export const RING_TIMEOUT_SECONDS = 30;
/**
 * How long a live call waits for a party whose server went away (stopped for a deploy, or crashed) to
 * re-attach from another instance (`call_reattach`). Past it the call ends `server_lost`, billed to the last
 * moment either party was heard from.
 */
export const CALL_REATTACH_GRACE_SECONDS = 30;
/** Each side sends a quality sample this often while a call is active. */
export const QUALITY_SAMPLE_INTERVAL_MS = 5000;

/** The call types an app can place (group calls are not placed through the app namespace). */
export const APP_CALL_TYPES = ['voice', 'video'] as const;
export type AppCallType = (typeof APP_CALL_TYPES)[number];

/** Why an invite or a step of a call was refused: `code` for programs, `message` for people. */
export const CALL_REFUSALS = {
  busy: 'The person you are calling is busy',
  caller_busy: 'You are already in a call',
  insufficient_coins: 'Not enough coins for a paid call',
  not_found: 'Call not found',
  not_party: 'You are not a party to this call',
  wrong_state: 'The call cannot do that in its current state',
  self: 'You cannot call yourself',
  callee_unavailable: 'That user cannot be called',
  /** The callee's privacy setting allow_calls_from is `nobody`. */
  callee_takes_no_calls: 'This person does not take calls',
  /** The callee's privacy setting allow_calls_from is `contacts`, and the caller is not one of theirs. */
  callee_contacts_only: 'This person only takes calls from their contacts',
  invalid: 'Invalid request',
  rate_limited: `Too many events: at most ${APP_LIMITS.socketEventsPerSecond} a second on one connection`,
  unavailable: 'The call service is unavailable, please try again',
  maintenance: 'The service is under maintenance. Please try again later.',
} as const;
export type CallRefusalCode = keyof typeof CALL_REFUSALS;

/** Why a call left `ringing` or `active`: `calls.end_reason`. */
export const CALL_END_REASONS = [
  'hangup',
  'declined',
  'cancelled',
  'ring_timeout',
  'max_duration',
  'coins_exhausted',
  'disconnected',
  'peer_disconnected',
  'insufficient_coins',
  'maintenance',
  'admin_ended',
  /** A party's server went away and the party did not re-attach within CALL_REATTACH_GRACE_SECONDS. */
  'server_lost',
] as const;

const callId = z.number().int().positive();

export const CallInvite = z.object({
  callee_id: z.string().min(1).max(100),
  type: z.enum(APP_CALL_TYPES),
});
export type CallInvite = z.infer<typeof CallInvite>;

export const CallRef = z.object({ call_id: callId });
export type CallRef = z.infer<typeof CallRef>;

/** An SDP offer or answer, relayed to the other party unchanged. */
export const CallDescription = z.object({
  call_id: callId,
  description: z.object({
    type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
    sdp: z.string().max(100_000).optional(),
  }),
});
export type CallDescription = z.infer<typeof CallDescription>;

/** One ICE candidate (RTCIceCandidateInit), relayed unchanged; null ends the candidates. */
export const CallIceCandidate = z.object({
  call_id: callId,
  candidate: z
    .object({
      candidate: z.string().max(2000).optional(),
      sdpMid: z.string().max(100).nullable().optional(),
      sdpMLineIndex: z.number().int().min(0).max(1000).nullable().optional(),
      usernameFragment: z.string().max(256).nullable().optional(),
    })
    .nullable(),
});
export type CallIceCandidate = z.infer<typeof CallIceCandidate>;

/** What one side read from `RTCPeerConnection.getStats()` over the last interval. */
export const CallQualityReport = z.object({
  call_id: callId,
  rtt_ms: z.number().min(0).max(60_000),
  jitter_ms: z.number().min(0).max(60_000),
  /** Percent of packets lost in the interval, 0 to 100. */
  packet_loss: z.number().min(0).max(100),
  bitrate_kbps: z.number().min(0).max(1_000_000),
  codec: z.string().max(100).nullable(),
});
export type CallQualityReport = z.infer<typeof CallQualityReport>;

/** A call as its parties see it over the socket. */
export interface AppCall {
  id: number;
  type: AppCallType;
  status: 'ringing' | 'active' | 'ended' | 'missed' | 'declined' | 'failed';
  caller_id: string;
  caller_username: string;
  callee_id: string;
  callee_username: string;
  started_at: string;
  answered_at: string | null;
  ended_at: string | null;
  end_reason: string | null;
  duration: number;
  quality: number | null;
  coins_used: number;
  /**
   * While a party's server is gone: the moment the call ends `server_lost` unless that party re-attaches
   * (`call_reattach`) from another instance. Null otherwise.
   */
  reattach_by: string | null;
}

/** Every acknowledgement: the call as it now is, or why not. */
export type CallAck = { ok: true; call: AppCall } | { ok: false; code: CallRefusalCode; message: string };
export type OkAck = { ok: true } | { ok: false; code: CallRefusalCode; message: string };

export const PresenceQuery = z.object({ user_ids: z.array(z.string().min(1).max(100)).max(1000) });
export type PresenceAck =
  | { ok: true; online: string[] }
  | { ok: false; code: CallRefusalCode; message: string };

/** The room the sockets carrying one call join (the caller's and the answering one). */
export const callRoom = (callId: number) => `call:${callId}`;
