import type { CallPathReport, CallSetupReport } from './call-inspector.ts';
import type {
  AppCall,
  CallAck,
  CallDescription,
  CallIceCandidate,
  CallInvite,
  CallQualityReport,
  CallRef,
  OkAck,
  PresenceAck,
} from './calling.ts';
import type { AlertEvent, LivePoint, MetricsSample } from './monitoring.ts';

/** Socket.io events: path /socket.io, server → console. */
export const SOCKET_PATH = '/socket.io';

export interface ServerToClientEvents {
  /** Users of the calling app online right now. */
  online_users: (count: number) => void;
  /** Calls ringing or in progress right now. */
  active_calls: (count: number) => void;
  /** Each instance's measurements, every few seconds, from every instance (through the Redis adapter). */
  metrics: (sample: MetricsSample) => void;
  /** An alert raised or cleared on any instance. */
  alert: (alert: AlertEvent) => void;
  /** The last 15 minutes of live points when the socket connects, then each new point as it is taken. */
  live_series: (points: LivePoint[]) => void;
  /** A notification sent to the user of room `user:<id>` (calling-app sockets). */
  notification: (payload: UserNotificationEvent) => void;
  /** An official message sent to the user of room `user:<id>`. */
  official_message: (payload: UserOfficialMessageEvent) => void;
}

export interface UserNotificationEvent {
  id: number;
  title: string;
  message: string;
  type: string;
  priority: string;
  sent_at: string;
}

/**
 * One delivery gathering the notifications sent to a user during a period, for a user whose notification
 * frequency is hourly, daily or weekly (they get no `notification` event for these).
 */
export interface UserNotificationDigestEvent {
  id: number;
  frequency: 'hourly' | 'daily' | 'weekly';
  period_start: string;
  period_end: string;
  /** How many notifications the period held; `notifications` lists the first DIGEST_ITEMS_MAX of them. */
  total: number;
  notifications: UserNotificationEvent[];
}

/** A digest's event lists at most this many notifications (all of them are in the user's inbox). */
export const DIGEST_ITEMS_MAX = 100;

export interface UserOfficialMessageEvent {
  id: number;
  title: string;
  content: string;
  message_type: string;
  priority: string;
  is_important: boolean;
  is_sticky: boolean;
  is_urgent: boolean;
  image_url: string | null;
  image_alt: string | null;
  sent_at: string;
}

/** The room every socket of one calling-app user joins (namespace `/app`). */
export const userRoom = (userId: string) => `user:${userId}`;

export type ClientToServerEvents = Record<string, never>;

/** How often each server instance pushes the live counts to its own sockets. */
export const LIVE_COUNTS_INTERVAL_MS = 5000;

/** What an app answers to a relayed `call_description` or `call_ice_candidate`: it has it. */
export interface RelayReceipt {
  ok: true;
}

/** Socket.io events of the calling apps' namespace `/app` (APP_NAMESPACE), server → app. */
export interface AppServerToClientEvents {
  /** Someone is calling this user (every socket of theirs rings). */
  call_incoming: (call: AppCall) => void;
  /** The call moved to another state (both parties, every socket of theirs). */
  call_state: (call: AppCall) => void;
  /**
   * The other party's SDP, unchanged. The app acknowledges it: the sender's own acknowledgement says
   * `ok` only once the other party's app has (otherwise `unavailable`, which the sender may retry).
   */
  call_description: (
    payload: CallDescription & { from: string },
    ack: (result: RelayReceipt) => void,
  ) => void;
  /** The other party's ICE candidate, unchanged; acknowledged as `call_description`. */
  call_ice_candidate: (
    payload: CallIceCandidate & { from: string },
    ack: (result: RelayReceipt) => void,
  ) => void;
  notification: (payload: UserNotificationEvent) => void;
  /** The notifications of a period in one delivery (users whose notification frequency is not immediate). */
  notification_digest: (payload: UserNotificationDigestEvent) => void;
  official_message: (payload: UserOfficialMessageEvent) => void;
}

/** Namespace `/app`, app → server; each takes an acknowledgement callback. */
export interface AppClientToServerEvents {
  call_invite: (payload: CallInvite, ack: (result: CallAck) => void) => void;
  call_accept: (payload: CallRef, ack: (result: CallAck) => void) => void;
  call_decline: (payload: CallRef, ack: (result: CallAck) => void) => void;
  /** Ends an active call, or cancels one still ringing (by its caller). */
  call_hangup: (payload: CallRef, ack: (result: CallAck) => void) => void;
  /**
   * After a reconnection (its server stopped or crashed, the socket now on another instance): carry this
   * live call again, so that signalling, quality samples and hang-up work from this socket.
   */
  call_reattach: (payload: CallRef, ack: (result: CallAck) => void) => void;
  call_description: (payload: CallDescription, ack?: (result: OkAck) => void) => void;
  call_ice_candidate: (payload: CallIceCandidate, ack?: (result: OkAck) => void) => void;
  call_quality: (payload: CallQualityReport, ack?: (result: OkAck) => void) => void;
  /** A setup step this side saw (the callee's ringing, ICE connected or failed, first media). */
  call_setup_report: (payload: CallSetupReport, ack?: (result: OkAck) => void) => void;
  /** This side's selected candidate pair once ICE connected: stored once per call side. */
  call_path_report: (payload: CallPathReport, ack?: (result: OkAck) => void) => void;
  /** Which of these users are online. */
  presence_query: (payload: { user_ids: string[] }, ack: (result: PresenceAck) => void) => void;
}
