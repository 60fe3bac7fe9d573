import * as account from './account.ts';
import * as adminRoles from './admin-roles.ts';
import * as appActions from './app-actions.ts';
import * as appConfig from './app-config.ts';
import * as auditLog from './audit-log.ts';
import * as auth from './auth.ts';
import * as calls from './calls.ts';
import * as clientErrors from './client-errors.ts';
import * as coinPackages from './coin-packages.ts';
import * as coins from './coins.ts';
import * as dashboard from './dashboard.ts';
import * as database from './database.ts';
import type { Endpoint } from './endpoint.ts';
import * as factoryReset from './factory-reset.ts';
import * as geolocation from './geolocation.ts';
import * as health from './health.ts';
import * as monitoring from './monitoring.ts';
import * as notifications from './notifications.ts';
import * as officialMessages from './official-messages.ts';
import * as rootAdmin from './root-admin.ts';
import * as security from './security.ts';
import * as sessions from './sessions.ts';
import * as settings from './settings.ts';
import * as social from './social.ts';
import * as systemLogs from './system-logs.ts';
import * as twoFactor from './two-factor.ts';
import * as userCreate from './user-create.ts';
import * as userProfile from './user-profile.ts';
import * as userReports from './user-reports.ts';
import * as users from './users.ts';
import * as webhooks from './webhooks.ts';

/*
 * Every endpoint of the contract with the name it is declared under, for the API document's
 * operationIds and summaries. Only the server's document generator imports this: the web never loads
 * the whole contract at once.
 */

const MODULES: readonly Record<string, unknown>[] = [
  account,
  adminRoles,
  appActions,
  appConfig,
  auditLog,
  auth,
  calls,
  clientErrors,
  coinPackages,
  coins,
  dashboard,
  database,
  factoryReset,
  geolocation,
  health,
  monitoring,
  notifications,
  officialMessages,
  rootAdmin,
  security,
  sessions,
  settings,
  social,
  systemLogs,
  twoFactor,
  userCreate,
  userProfile,
  userReports,
  users,
  webhooks,
];

/** What each OpenAPI tag groups, shown beside the tag in the document. */
export const API_TAGS: Record<string, string> = {
  account: "A calling app's signed-in user: their profile, contacts and settings.",
  app: 'What a calling app reads before signing in: its configuration.',
  'app-auth': 'Sign-up and sign-in for calling-app users.',
  'app-actions':
    "A calling app's social actions and receipts: likes, friend requests, follows, reports, location, and marking notifications and official messages.",
  audit: 'The audit log of administrator actions.',
  auth: 'Administrator sign-in, token refresh and sign-out.',
  calls: 'Call records, live calls, statistics and call quality.',
  'client-errors': 'Errors that browsers and apps report back to the server.',
  coins: 'Coin balances, transactions and the coin packages on sale.',
  config: 'Public configuration served at the site root.',
  dashboard: "The console's overview figures.",
  database: 'Database overview, maintenance, backups and restore.',
  'factory-reset': 'Wiping the data back to a fresh installation.',
  geolocation: 'Where users and calls come from.',
  health: 'Liveness and readiness probes for load balancers and orchestrators.',
  monitoring: 'Server, database and Redis health figures and alerts.',
  notifications: 'Push notifications to users.',
  'official-messages': 'Official messages shown to users in the apps.',
  roles: 'Administrator roles and the permissions they hold.',
  'root-admin': 'The root administrator: setup, transfer and demo admins.',
  security: 'Security events, blocked addresses and security policies.',
  settings: 'System settings.',
  webhooks:
    'Webhook endpoints: where events are sent, their signing secrets, the delivery log and replays. Bodies are described under `webhooks` in this document.',
  social: "Users' social links and contacts, as administrators see them.",
  'system-logs': "The server's persisted logs.",
  'user-reports': 'Reports users file about other users.',
  users: 'User accounts as administrators manage them.',
};

export interface NamedEndpoint {
  /** camelCase, from the export (and key) it is declared under: `usersEndpoints.setAdmin` → `usersSetAdmin`. */
  name: string;
  summary: string;
  endpoint: Endpoint;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

function isEndpoint(value: unknown): value is Endpoint {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Endpoint>;
  return typeof v.path === 'string' && typeof v.tag === 'string' && METHODS.has(v.method as string);
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const words = (camel: string) => camel.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** Every endpoint once, under the first name it is exported as; a repeated name throws. */
export function namedEndpoints(): NamedEndpoint[] {
  const seen = new Map<Endpoint, NamedEndpoint>();
  const names = new Set<string>();
  const add = (name: string, summary: string, endpoint: Endpoint) => {
    if (seen.has(endpoint)) return;
    if (names.has(name)) throw new Error(`Two contract endpoints are both named ${name}`);
    names.add(name);
    seen.set(endpoint, { name, summary: endpoint.summary ?? summary, endpoint });
  };
  for (const module of MODULES) {
    for (const [exportName, value] of Object.entries(module)) {
      if (isEndpoint(value)) {
        const name = exportName.replace(/Endpoint$/, '');
        add(name, capitalise(words(name)), value);
      } else if (typeof value === 'object' && value !== null && exportName.endsWith('Endpoints')) {
        const group = exportName.replace(/Endpoints$/, '');
        for (const [key, member] of Object.entries(value)) {
          if (!isEndpoint(member)) continue;
          add(`${group}${capitalise(key)}`, `${capitalise(words(group))}: ${words(key)}`, member);
        }
      }
    }
  }
  return [...seen.values()];
}
