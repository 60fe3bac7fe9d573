import { z } from 'zod';
import { envelope, FileBody, IsoDateTime, SuccessMessage, UserId } from './common.ts';
import { endpoint } from './endpoint.ts';
import { SessionList } from './sessions.ts';
import {
  AdminNote,
  SectionQuery,
  sectionOf,
  UserCall,
  UserFollowRow,
  UserFollowsQuery,
  UserLocation,
  UserReportRow,
  UserReportsQuery,
  UserSecurityEvent,
} from './user-sections.ts';

/*
 * One user's page (/users/:id): the profile and status, each section as one paged list, the admin
 * notes, the actions (suspend, reactivate, restore, reset sessions) and the per-user data export.
 * Full zod: the page loads it lazily. The ledger and the coin adjustment are the coins endpoints
 * (coinsEndpoints.userLedger, coinsEndpoints.add); erasing is usersEndpoints.erase.
 */

export const USER_STATUSES = ['active', 'suspended', 'deleted'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** How many recent locations the map shows. */
export const USER_LOCATIONS_LIMIT = 50;
export const SUSPENSION_REASON_MAX = 500;
export const ADMIN_NOTE_MAX = 2000;

export const USER_PROFILE_MESSAGES = {
  notFound: 'User not found',
  suspended: 'User suspended',
  reactivated: 'User reactivated',
  restored: 'User restored',
  noteAdded: 'Note added',
  sessionEnded: 'Session ended',
  sessionsReset: (n: number) => `${n} ${n === 1 ? 'session' : 'sessions'} ended`,
  signInUnlocked: (n: number) =>
    n === 0
      ? 'Sign-in was not locked: no failed attempts to clear'
      : `Sign-in unlocked: ${n} failed ${n === 1 ? 'attempt' : 'attempts'} cleared`,
  reasonRequired: 'A reason is required',
  reasonLong: `The reason must be at most ${SUSPENSION_REASON_MAX} characters`,
  untilInvalid: 'Enter a valid date and time',
  untilPast: 'The end of the suspension must be in the future',
  noteRequired: 'Write the note first',
  noteLong: `A note must be at most ${ADMIN_NOTE_MAX} characters`,
  alreadySuspended: 'User is already suspended',
  notSuspended: 'User is not suspended',
  notDeleted: 'User is not deleted',
  isDeleted: 'Restore the user first',
  cannotSuspendSelf: 'You cannot suspend yourself',
  cannotSuspendRoot: 'A root administrator cannot be suspended',
  adminSessionsDenied: "Only an admin who manages admins can end another admin's sessions",
  /** Another admin's sessions carry their addresses and devices: for `admins:manage` (root's: root only). */
  adminSessionsHidden: "Only an admin who manages admins can see another admin's sessions",
  adminExportDenied:
    "Only an admin who manages admins can export another admin's data: it holds their sessions",
  sessionNotFound: 'Session not found',
} as const;

/** Asked before each action on the user page and the Users screen. */
export const USER_ACTION_CONFIRMATIONS = {
  suspend: 'Suspend this user? They are signed out everywhere and cannot sign in until reactivated.',
  reactivate: 'Reactivate this user? They can sign in again.',
  restore: 'Restore this deleted user? They reappear in the lists and can sign in again.',
  resetSessions: 'End every session of this user? Each device will have to sign in again.',
  unlockSignIn:
    'Clear the failed sign-in attempts of this user? A lockout ends at once, from every address. The unlock is recorded in the audit log.',
  endSession: 'End this session? That device will have to sign in again.',
  export: 'Download everything stored about this user? The download is recorded in the audit log.',
  erase: "Erase this user's personal data? This cannot be undone.",
} as const;

export const Suspension = z.object({
  reason: z.string().nullable(),
  /** When the suspension ends by itself; null: until an admin reactivates. */
  until: IsoDateTime.nullable(),
});

export const UserProfile = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  is_admin: z.boolean(),
  is_root_admin: z.boolean(),
  is_premium: z.boolean(),
  status: z.enum(USER_STATUSES),
  /** Set while the status is `suspended`. */
  suspension: Suspension.nullable(),
  deleted_at: IsoDateTime.nullable(),
  created_at: IsoDateTime,
  last_login: IsoDateTime.nullable(),
  last_seen_at: IsoDateTime.nullable(),
  is_online: z.boolean(),
  coin_balance: z.number().int(),
  total_earned: z.number().int(),
  total_spent: z.number().int(),
  social: z.object({
    followers: z.number().int(),
    following: z.number().int(),
    likes_given: z.number().int(),
    contacts: z.number().int(),
  }),
  reports: z.object({ filed: z.number().int(), against: z.number().int() }),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const SuspendUserRequest = z.object({
  reason: z
    .string({ error: USER_PROFILE_MESSAGES.reasonRequired })
    .trim()
    .min(1, USER_PROFILE_MESSAGES.reasonRequired)
    .max(SUSPENSION_REASON_MAX, USER_PROFILE_MESSAGES.reasonLong),
  /** When the suspension ends by itself (ISO 8601, in the future); absent: until reactivated. */
  until: z
    .string()
    .trim()
    .refine((v) => !Number.isNaN(Date.parse(v)), USER_PROFILE_MESSAGES.untilInvalid)
    .nullish(),
});
export type SuspendUserRequest = z.input<typeof SuspendUserRequest>;

export const AddNoteRequest = z.object({
  body: z
    .string({ error: USER_PROFILE_MESSAGES.noteRequired })
    .trim()
    .min(1, USER_PROFILE_MESSAGES.noteRequired)
    .max(ADMIN_NOTE_MAX, USER_PROFILE_MESSAGES.noteLong),
});

const Id = z.object({ id: UserId });
const SessionParams = z.object({ id: UserId, sessionId: z.string().min(1).max(100) });
const ProfileResponse = envelope(UserProfile);

/** The top-level keys of the export, in the order written: a test holds them against the foreign keys. */
export const USER_EXPORT_SECTIONS = [
  'profile',
  'sessions',
  'ledger',
  'calls',
  'reports',
  'social',
  'locations',
  'notifications',
  'official_messages',
  'messages',
  'contacts',
  'settings',
  'security',
  'admin_notes',
] as const;

const read = { tag: 'users', access: 'admin', permission: 'users:read' } as const;
const write = { tag: 'users', access: 'admin', permission: 'users:write' } as const;

export const userProfileEndpoints = {
  profile: endpoint({
    ...read,
    method: 'GET',
    path: '/admin/users/:id/profile',
    params: Id,
    response: ProfileResponse,
  }),
  calls: endpoint({
    ...read,
    method: 'GET',
    path: '/admin/users/:id/calls',
    params: Id,
    query: SectionQuery,
    response: sectionOf(UserCall),
  }),
  reports: endpoint({
    ...read,
    method: 'GET',
    path: '/admin/users/:id/reports',
    params: Id,
    query: UserReportsQuery,
    response: sectionOf(UserReportRow),
  }),
  follows: endpoint({
    ...read,
    method: 'GET',
    path: '/admin/users/:id/follows',
    params: Id,
    query: UserFollowsQuery,
    response: sectionOf(UserFollowRow),
  }),
  locations: endpoint({
    ...read,
    method: 'GET',
    path: '/admin/users/:id/locations',
    params: Id,
    query: SectionQuery,
    response: sectionOf(UserLocation),
  }),
  securityEvents: endpoint({
    ...read,
    method: 'GET',
    path: '/admin/users/:id/security-events',
    params: Id,
    query: SectionQuery,
    response: sectionOf(UserSecurityEvent),
  }),
  sessions: endpoint({
    ...read,
    method: 'GET',
    path: '/admin/users/:id/devices',
    params: Id,
    response: envelope(SessionList),
  }),
  /** Root ends a sign-in lockout before it runs out (the user is sure of their password now); audited. */
  unlockSignIn: endpoint({
    tag: 'users',
    access: 'root',
    permission: 'users:write',
    method: 'POST',
    path: '/admin/users/:id/sign-in/unlock',
    params: Id,
    response: SuccessMessage,
  }),
  endSession: endpoint({
    ...write,
    method: 'DELETE',
    path: '/admin/users/:id/devices/:sessionId',
    params: SessionParams,
    response: SuccessMessage,
  }),
  resetSessions: endpoint({
    ...write,
    method: 'POST',
    path: '/admin/users/:id/sessions/reset',
    params: Id,
    response: SuccessMessage,
  }),
  notes: endpoint({
    ...read,
    method: 'GET',
    path: '/admin/users/:id/notes',
    params: Id,
    query: SectionQuery,
    response: sectionOf(AdminNote),
  }),
  addNote: endpoint({
    ...write,
    method: 'POST',
    path: '/admin/users/:id/notes',
    params: Id,
    body: AddNoteRequest,
    status: 201,
    response: envelope(AdminNote),
  }),
  suspend: endpoint({
    ...write,
    method: 'POST',
    path: '/admin/users/:id/suspend',
    params: Id,
    body: SuspendUserRequest,
    response: ProfileResponse,
  }),
  reactivate: endpoint({
    ...write,
    method: 'POST',
    path: '/admin/users/:id/reactivate',
    params: Id,
    response: ProfileResponse,
  }),
  restore: endpoint({
    ...write,
    method: 'POST',
    path: '/admin/users/:id/restore',
    params: Id,
    response: ProfileResponse,
  }),
  /**
   * Everything stored about the user as one JSON document (USER_EXPORT_SECTIONS), streamed; each
   * download is an audit row (`user.export`), a data access under GDPR (access, portability).
   */
  export: endpoint({
    ...read,
    method: 'GET',
    path: '/admin/users/:id/export',
    params: Id,
    response: FileBody,
    file: 'application/json; charset=utf-8',
  }),
};
