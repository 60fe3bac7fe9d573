import { z } from 'zod';
import { envelope, IsoDateTime } from './common.ts';
import { endpoint } from './endpoint.ts';

/**
 * The call inspector: how long each setup step of a call took (the funnel), which network path each side's
 * media took, and a verdict that says why a failed or poor call went wrong (docs/call-verdicts.md).
 */

/** The setup steps of a call, in funnel order. */
export const CALL_SETUP_STEPS = [
  'invite_sent',
  'ringing',
  'answered',
  'offer',
  'answer',
  'ice_connected',
  'first_media',
] as const;
export type CallSetupStep = (typeof CALL_SETUP_STEPS)[number];
export const CALL_SETUP_STEP_LABELS: Record<CallSetupStep, string> = {
  invite_sent: 'Invite sent',
  ringing: 'Ringing on the callee',
  answered: 'Answered',
  offer: 'Offer',
  answer: 'Answer',
  ice_connected: 'ICE connected',
  first_media: 'First media received',
};

/**
 * The steps an app reports itself over `/app` (`call_setup_report`): the callee's phone rang, its ICE
 * connection came up, the first media packets arrived, or ICE gave up. The server records the others as
 * they pass through it.
 */
export const CLIENT_SETUP_STEPS = ['ringing', 'ice_connected', 'first_media', 'ice_failed'] as const;
export type ClientSetupStep = (typeof CLIENT_SETUP_STEPS)[number];
/** Every step stored per call and side: the funnel's, and `ice_failed`, which only a verdict reads. */
export const STORED_SETUP_STEPS = [...CALL_SETUP_STEPS, 'ice_failed'] as const;
export type StoredSetupStep = (typeof STORED_SETUP_STEPS)[number];

/** How far back a report's own `at` may reach: older is taken as a wrong clock, and the server's time is used. */
export const SETUP_REPORT_MAX_AGE_MS = 120_000;

const callId = z.number().int().positive();

/** `call_setup_report`: one step as this side saw it; `at` (ISO) defaults to when the server receives it. */
export const CallSetupReport = z.object({
  call_id: callId,
  step: z.enum(CLIENT_SETUP_STEPS),
  at: z.iso.datetime({ offset: true }).optional(),
});
export type CallSetupReport = z.infer<typeof CallSetupReport>;

/** The ICE candidate types of RTCIceCandidateStats.candidateType. */
export const CANDIDATE_TYPES = ['host', 'srflx', 'prflx', 'relay'] as const;
export const PATH_TRANSPORTS = ['udp', 'tcp', 'tls'] as const;

/**
 * `call_path_report`: the selected candidate pair from this side's `getStats()` once ICE connected. The
 * local candidate's type says whether this side went through a relay; `relay_server` is the TURN server's
 * address (`url` of the local relay candidate, or its address) when it did.
 */
export const CallPathReport = z.object({
  call_id: callId,
  local_candidate_type: z.enum(CANDIDATE_TYPES),
  remote_candidate_type: z.enum(CANDIDATE_TYPES),
  /** udp or tcp between the peers; tls when this side reached its TURN server over TLS. */
  transport: z.enum(PATH_TRANSPORTS),
  relay_server: z.string().max(300).nullable(),
  rtt_ms: z.number().min(0).max(60_000).nullable(),
});
export type CallPathReport = z.infer<typeof CallPathReport>;

export const CALL_SIDE_VALUES = ['caller', 'callee'] as const;

/** The path of one side, as stored once per call side. */
export const CallNetworkPath = z.object({
  side: z.enum(CALL_SIDE_VALUES),
  local_candidate_type: z.enum(CANDIDATE_TYPES),
  remote_candidate_type: z.enum(CANDIDATE_TYPES),
  transport: z.enum(PATH_TRANSPORTS),
  relay_server: z.string().nullable(),
  rtt_ms: z.number().nullable(),
  reported_at: IsoDateTime,
});
export type CallNetworkPath = z.infer<typeof CallNetworkPath>;

/** The fixed list of verdicts, most decisive first (docs/call-verdicts.md explains each). */
export const CALL_VERDICTS = [
  'server_lost',
  'refused',
  'callee_unreachable',
  'declined',
  'never_answered',
  'signalling_incomplete',
  'relay_needed',
  'media_never_flowed',
  'dropped',
  'poor_network_caller',
  'poor_network_callee',
  'slow_setup',
] as const;
export type CallVerdictCode = (typeof CALL_VERDICTS)[number];
export const CALL_VERDICT_LABELS: Record<CallVerdictCode, string> = {
  server_lost: 'Server lost',
  refused: 'Refused before ringing',
  callee_unreachable: "The callee's app never rang",
  declined: 'Declined',
  never_answered: 'Never answered',
  signalling_incomplete: 'Signalling never completed',
  relay_needed: 'No network path: a relay (TURN) is needed',
  media_never_flowed: 'Media never flowed',
  dropped: 'Dropped',
  poor_network_caller: "Poor network on the caller's side",
  poor_network_callee: "Poor network on the callee's side",
  slow_setup: 'Slow setup',
};

/** A verdict: its code, one sentence with the figures, and the facts it rests on. */
export const CallVerdict = z.object({
  verdict: z.enum(CALL_VERDICTS),
  summary: z.string(),
  evidence: z.array(z.string()),
  judged_at: IsoDateTime,
});
export type CallVerdict = z.infer<typeof CallVerdict>;

export const CallFunnelStep = z.object({
  step: z.enum(STORED_SETUP_STEPS),
  side: z.enum(CALL_SIDE_VALUES),
  at: IsoDateTime,
  /** Milliseconds since the invite. */
  after_invite_ms: z.number().int().nullable(),
});
export type CallFunnelStep = z.infer<typeof CallFunnelStep>;

/** What the call inspector knows of one call. `verdict` is null for a call judged fine or not yet judged. */
export const CallInspection = z.object({
  funnel: z.array(CallFunnelStep),
  paths: z.array(CallNetworkPath),
  verdict: CallVerdict.nullable(),
  /** Whether the call has been judged (calls are judged a few seconds after they end). */
  judged: z.boolean(),
});
export type CallInspection = z.infer<typeof CallInspection>;

/** One step's p50 and p95 within one hour: milliseconds from the step before it in the funnel. */
export const SetupStepPercentiles = z.object({
  hour: IsoDateTime,
  step: z.enum(CALL_SETUP_STEPS),
  calls: z.number().int(),
  p50_ms: z.number().int(),
  p95_ms: z.number().int(),
});
export type SetupStepPercentiles = z.infer<typeof SetupStepPercentiles>;

export const SetupFunnelQuery = z.object({ hours: z.coerce.number().int().min(1).max(168).default(24) });

export const SetupFunnel = z.object({ hours: z.array(SetupStepPercentiles) });
export type SetupFunnel = z.infer<typeof SetupFunnel>;

export const VerdictCount = z.object({ verdict: z.enum(CALL_VERDICTS), calls: z.number().int() });
export const TopVerdicts = z.object({ verdicts: z.array(VerdictCount) });
export type TopVerdicts = z.infer<typeof TopVerdicts>;

const CallIdParams = z.object({ id: z.coerce.number().int().positive() });

export const callInspectorEndpoints = {
  /** The funnel, the paths and the verdict of one call (Call Details). */
  inspection: endpoint({
    method: 'GET',
    path: '/admin/calls/:id/inspection',
    tag: 'calls',
    access: 'admin',
    permission: 'calls:read',
    params: CallIdParams,
    response: envelope(CallInspection),
  }),
  /** p50 and p95 of each setup step per hour, over the calls invited in the last `hours` hours. */
  setupFunnel: endpoint({
    method: 'GET',
    path: '/admin/calls/setup-funnel',
    tag: 'calls',
    access: 'admin',
    permission: 'calls:read',
    query: SetupFunnelQuery,
    response: envelope(SetupFunnel),
  }),
  /** The verdicts of the calls started in the last 24 hours, most frequent first. */
  topVerdicts: endpoint({
    method: 'GET',
    path: '/admin/calls/verdicts',
    tag: 'calls',
    access: 'admin',
    permission: 'calls:read',
    response: envelope(TopVerdicts),
  }),
};
