import { z } from 'zod';
import { envelope, IsoDateTime, limitParam, SuccessMessage, UserId } from './common.ts';
import { endpoint } from './endpoint.ts';
import { NOTIFICATION_FREQUENCIES } from './settings.ts';

/**
 * What a calling app asks about its own signed-in account (spec: "Configured endpoint names").
 * Every endpoint here answers any signed-in account, admin or app user, about that account itself.
 */

/** The spec's limits (section "Limits"). */
export const APP_LIMITS = {
  maxContacts: 1000,
  maxMessageLength: 1000,
  apiRequestsPerMinute: 100,
  /** Events one `/app` socket may send in any one second; more are refused, not queued. */
  socketEventsPerSecond: 10,
} as const;

export const ACCOUNT_MESSAGES = {
  tooManyContacts: `A contact list holds at most ${APP_LIMITS.maxContacts.toLocaleString('en-US')} contacts`,
  contactIsSelf: 'You cannot add yourself as a contact',
  contactNotFound: 'User not found',
  contactAdded: 'Contact added',
  contactRemoved: 'Contact removed',
  notAContact: 'That user is not in your contacts',
  tooManyRequests: `Too many requests: at most ${APP_LIMITS.apiRequestsPerMinute} a minute`,
} as const;

export const AccountProfile = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  profile_picture: z.string().nullable(),
  location: z.string().nullable(),
  is_premium: z.boolean(),
  is_admin: z.boolean(),
  created_at: IsoDateTime,
});
export type AccountProfile = z.infer<typeof AccountProfile>;

/** Another user as an app shows them in search results and contact lists. */
export const UserCard = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string().nullable(),
  profile_picture: z.string().nullable(),
  is_online: z.boolean(),
  last_seen_at: IsoDateTime.nullable(),
});
export type UserCard = z.infer<typeof UserCard>;

export const UserSearchQuery = z.object({
  q: z.string().trim().min(1, 'Enter a name to search for').max(100, 'Search is too long'),
  limit: limitParam(20, 50),
});

export const Contact = UserCard.extend({ added_at: IsoDateTime });
export type Contact = z.infer<typeof Contact>;

export const ContactRequest = z.object({ user_id: UserId });

export const ContactsResponse = envelope(
  z.object({ contacts: z.array(Contact), total: z.number().int(), max_contacts: z.number().int() }),
);

export const APP_THEMES = ['system', 'light', 'dark'] as const;
export const CALLS_FROM = ['everyone', 'contacts', 'nobody'] as const;

/**
 * An app user's own notification frequency: immediate (each notification as it is sent) or one digest per
 * hour, day or week. null follows the system setting (Settings → Notifications → Notification Frequency).
 */
const UserNotificationFrequency = z.enum(NOTIFICATION_FREQUENCIES).nullable();

/** An app user's own preferences; unset ones answer with these defaults. */
export const AppUserSettings = z.object({
  notifications_enabled: z.boolean().default(true),
  sound_enabled: z.boolean().default(true),
  vibration_enabled: z.boolean().default(true),
  show_online_status: z.boolean().default(true),
  allow_calls_from: z.enum(CALLS_FROM).default('everyone'),
  theme: z.enum(APP_THEMES).default('system'),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Language must be a code such as en or en-GB')
    .default('en'),
  notification_frequency: UserNotificationFrequency.default(null),
});
export type AppUserSettings = z.infer<typeof AppUserSettings>;
export const APP_USER_SETTINGS_DEFAULTS: AppUserSettings = AppUserSettings.parse({});

/** PUT changes the fields it names and keeps the others. */
export const UpdateAppUserSettings = z
  .object({
    notifications_enabled: z.boolean(),
    sound_enabled: z.boolean(),
    vibration_enabled: z.boolean(),
    show_online_status: z.boolean(),
    allow_calls_from: z.enum(CALLS_FROM),
    theme: z.enum(APP_THEMES),
    language: AppUserSettings.shape.language.unwrap(),
    notification_frequency: UserNotificationFrequency,
  })
  .partial()
  .strict();

const ACCOUNT_TAG = 'account';

export const accountEndpoints = {
  me: endpoint({
    method: 'GET',
    path: '/users/me',
    tag: ACCOUNT_TAG,
    access: 'user',
    response: envelope(AccountProfile),
  }),
  search: endpoint({
    method: 'GET',
    path: '/users/search',
    tag: ACCOUNT_TAG,
    access: 'user',
    query: UserSearchQuery,
    response: envelope(z.object({ users: z.array(UserCard) })),
  }),
  contacts: endpoint({
    method: 'GET',
    path: '/users/contacts',
    tag: ACCOUNT_TAG,
    access: 'user',
    response: ContactsResponse,
  }),
  addContact: endpoint({
    method: 'POST',
    path: '/users/contacts',
    tag: ACCOUNT_TAG,
    otherErrors: [422],
    access: 'user',
    body: ContactRequest,
    status: 201,
    response: envelope(Contact),
  }),
  removeContact: endpoint({
    method: 'DELETE',
    path: '/users/contacts',
    tag: ACCOUNT_TAG,
    access: 'user',
    query: ContactRequest,
    response: SuccessMessage,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/users/settings',
    tag: ACCOUNT_TAG,
    access: 'user',
    response: envelope(AppUserSettings),
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/users/settings',
    tag: ACCOUNT_TAG,
    access: 'user',
    body: UpdateAppUserSettings,
    response: envelope(AppUserSettings),
  }),
};
