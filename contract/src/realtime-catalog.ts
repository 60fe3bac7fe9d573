import { z } from 'zod';
import { CallPathReport, CallSetupReport } from './call-inspector.ts';
import {
  APP_CALL_TYPES,
  type AppCall,
  CALL_REFUSALS,
  type CallAck,
  CallDescription,
  CallIceCandidate,
  CallInvite,
  CallQualityReport,
  CallRef,
  type OkAck,
  type PresenceAck,
  PresenceQuery,
} from './calling.ts';
import { AlertEvent, LivePoint, MetricsSample } from './monitoring.ts';
import type {
  AppClientToServerEvents,
  AppServerToClientEvents,
  ServerToClientEvents,
  UserNotificationDigestEvent,
  UserNotificationEvent,
  UserOfficialMessageEvent,
} from './realtime.ts';

/*
 * The socket events of realtime.ts as schemas, for the AsyncAPI document the server serves. The type
 * checks at the end tie each list to its interface: an event added to, removed from or changed in
 * realtime.ts without its schema here fails `npm run typecheck`. Only the server imports this.
 */

const AppCallSchema = z.object({
  id: z.number().int(),
  type: z.enum(APP_CALL_TYPES),
  status: z.enum(['ringing', 'active', 'ended', 'missed', 'declined', 'failed']),
  caller_id: z.string(),
  caller_username: z.string(),
  callee_id: z.string(),
  callee_username: z.string(),
  started_at: z.string(),
  answered_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  end_reason: z.string().nullable(),
  duration: z.number(),
  quality: z.number().nullable(),
  coins_used: z.number(),
  reattach_by: z.string().nullable(),
});

const refusalCodes = Object.keys(CALL_REFUSALS) as [
  keyof typeof CALL_REFUSALS,
  ...(keyof typeof CALL_REFUSALS)[],
];
const Refusal = z.object({ ok: z.literal(false), code: z.enum(refusalCodes), message: z.string() });
const CallAckSchema = z.union([z.object({ ok: z.literal(true), call: AppCallSchema }), Refusal]);
const OkAckSchema = z.union([z.object({ ok: z.literal(true) }), Refusal]);
const PresenceAckSchema = z.union([z.object({ ok: z.literal(true), online: z.array(z.string()) }), Refusal]);

const UserNotification = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  priority: z.string(),
  sent_at: z.string(),
});
const UserNotificationDigest = z.object({
  id: z.number().int(),
  frequency: z.enum(['hourly', 'daily', 'weekly']),
  period_start: z.string(),
  period_end: z.string(),
  total: z.number().int(),
  notifications: z.array(UserNotification),
});
const UserOfficialMessage = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  message_type: z.string(),
  priority: z.string(),
  is_important: z.boolean(),
  is_sticky: z.boolean(),
  is_urgent: z.boolean(),
  image_url: z.string().nullable(),
  image_alt: z.string().nullable(),
  sent_at: z.string(),
});
const From = z.object({ from: z.string().describe('the user id of the other party') });

export interface RealtimeEvent {
  summary: string;
  payload: z.ZodType;
  /** The acknowledgement the sender's callback receives. */
  ack?: z.ZodType;
}

export interface RealtimeNamespace {
  /** The socket.io namespace. */
  name: string;
  description: string;
  /** Server → client. */
  send: Record<string, RealtimeEvent>;
  /** Client → server. */
  receive: Record<string, RealtimeEvent>;
}

const adminSend = {
  online_users: { summary: 'Users of the calling app online right now.', payload: z.number().int() },
  active_calls: {
    summary: 'Calls connected right now (ringing calls not counted).',
    payload: z.number().int(),
  },
  metrics: { summary: "Each instance's measurements, every few seconds.", payload: MetricsSample },
  alert: { summary: 'An alert raised or cleared on any instance.', payload: AlertEvent },
  live_series: {
    summary:
      'The last 15 minutes of live points on connecting, then each new point (online users, active calls, attempts per minute, poor-call share).',
    payload: z.array(LivePoint),
  },
  notification: { summary: 'A notification sent to the signed-in user.', payload: UserNotification },
  official_message: {
    summary: 'An official message sent to the signed-in user.',
    payload: UserOfficialMessage,
  },
} satisfies Record<keyof ServerToClientEvents, RealtimeEvent>;

const appSend = {
  call_incoming: {
    summary: 'Someone is calling this user (every socket of theirs rings).',
    payload: AppCallSchema,
  },
  call_state: { summary: 'The call moved to another state (both parties).', payload: AppCallSchema },
  call_description: {
    summary: "The other party's SDP, unchanged.",
    payload: CallDescription.extend(From.shape),
  },
  call_ice_candidate: {
    summary: "The other party's ICE candidate, unchanged.",
    payload: CallIceCandidate.extend(From.shape),
  },
  notification: { summary: 'A notification sent to this user.', payload: UserNotification },
  notification_digest: {
    summary:
      'The notifications of a period (hour, day or week) in one delivery, for a user whose notification frequency is not immediate.',
    payload: UserNotificationDigest,
  },
  official_message: { summary: 'An official message sent to this user.', payload: UserOfficialMessage },
} satisfies Record<keyof AppServerToClientEvents, RealtimeEvent>;

const appReceive = {
  call_invite: { summary: 'Calls another user.', payload: CallInvite, ack: CallAckSchema },
  call_accept: { summary: 'Answers a ringing call.', payload: CallRef, ack: CallAckSchema },
  call_decline: { summary: 'Declines a ringing call.', payload: CallRef, ack: CallAckSchema },
  call_hangup: {
    summary: 'Ends an active call, or cancels one still ringing (by its caller).',
    payload: CallRef,
    ack: CallAckSchema,
  },
  call_reattach: {
    summary:
      'After a reconnection (its server stopped or crashed): carry this live call again from this socket. Answers the call as it stands.',
    payload: CallRef,
    ack: CallAckSchema,
  },
  call_description: { summary: 'Sends SDP to the other party.', payload: CallDescription, ack: OkAckSchema },
  call_ice_candidate: {
    summary: 'Sends an ICE candidate to the other party.',
    payload: CallIceCandidate,
    ack: OkAckSchema,
  },
  call_quality: {
    summary: 'Reports the call quality of the last interval.',
    payload: CallQualityReport,
    ack: OkAckSchema,
  },
  call_setup_report: {
    summary:
      "Reports a setup step this side saw: the callee's phone rang, ICE connected or failed, the first media arrived.",
    payload: CallSetupReport,
    ack: OkAckSchema,
  },
  call_path_report: {
    summary:
      "Reports this side's network path (the selected candidate pair from getStats) once ICE connected.",
    payload: CallPathReport,
    ack: OkAckSchema,
  },
  presence_query: {
    summary: 'Asks which of these users are online.',
    payload: PresenceQuery,
    ack: PresenceAckSchema,
  },
} satisfies Record<keyof AppClientToServerEvents, RealtimeEvent>;

export const REALTIME_NAMESPACES: readonly RealtimeNamespace[] = [
  {
    name: '/',
    description: "The admin console's namespace: live counts, metrics and alerts, signed in as an admin.",
    send: adminSend,
    receive: {},
  },
  {
    name: '/app',
    description:
      "The calling apps' namespace (`auth.token`: a calling-app access token): calls and what is sent to the user.",
    send: appSend,
    receive: appReceive,
  },
];

// Each schema's type is the interface's: a change on one side only does not compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Payload<F> = F extends (payload: infer P, ...rest: never[]) => void ? P : never;
type Ack<F> = F extends (payload: never, ack: (result: infer R) => void) => void
  ? R
  : F extends (payload: never, ack?: (result: infer R) => void) => void
    ? R
    : never;
type SendMatches<E, C extends Record<keyof E, { payload: z.ZodType }>> = {
  [K in keyof E]: Same<z.infer<C[K]['payload']>, Payload<E[K]>>;
};
type AckMatches<E, C extends Record<keyof E, { payload: z.ZodType; ack: z.ZodType }>> = {
  [K in keyof E]: Same<z.infer<C[K]['ack']>, Ack<E[K]>>;
};
type AllTrue<T> = T[keyof T] extends true ? true : false;
const checks: [
  AllTrue<SendMatches<ServerToClientEvents, typeof adminSend>>,
  AllTrue<SendMatches<AppServerToClientEvents, typeof appSend>>,
  AllTrue<SendMatches<AppClientToServerEvents, typeof appReceive>>,
  AllTrue<AckMatches<AppClientToServerEvents, typeof appReceive>>,
  Same<z.infer<typeof AppCallSchema>, AppCall>,
  Same<z.infer<typeof CallAckSchema>, CallAck>,
  Same<z.infer<typeof OkAckSchema>, OkAck>,
  Same<z.infer<typeof PresenceAckSchema>, PresenceAck>,
  Same<z.infer<typeof UserNotification>, UserNotificationEvent>,
  Same<z.infer<typeof UserOfficialMessage>, UserOfficialMessageEvent>,
  Same<z.infer<typeof UserNotificationDigest>, UserNotificationDigestEvent>,
] = [true, true, true, true, true, true, true, true, true, true, true];
void checks;
