import { DEMO_ADMIN } from '@switchboard/contract/demo-admin';
import { users as usersTable } from '../db/schema/users.ts';
import { CITIES } from '../synthetic/cities.ts';
import { Random, Weighted } from '../synthetic/prng.ts';
import { insertInBatches } from './batch-insert.ts';
import type { DemoUsers } from './demo-users.ts';
import { asciiSlug, FIRST_NAMES, LAST_NAMES } from './names.ts';
import { DAY, MINUTE } from './rhythm.ts';
import type { StageInput } from './stage.ts';

type UserRow = typeof usersTable.$inferInsert;

/** Staff accounts beside the demo root admin; they sign in with the demo password too. */
const STAFF = [
  { username: 'maria_ops', fullName: 'Maria Santos', daysAgo: 690 },
  { username: 'james_support', fullName: 'James Carter', daysAgo: 420 },
  { username: 'lin_trust', fullName: 'Lin Zhang', daysAgo: 150 },
];
const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];
const HISTORY_DAYS = 730;

/** The demo root admin, three staff admins and counts.users calling-app users created over two years. */
export async function seedUsers(input: StageInput, passwordHash: string): Promise<DemoUsers> {
  const { now, counts } = input;
  const rng = Random.stream(input.seed, 'users');
  // Its own stream, so choosing who was deleted leaves every other user as it was.
  const deletions = Random.stream(input.seed, 'deleted-users');
  const n = counts.users;
  const taken = new Set<string>([DEMO_ADMIN.username, ...STAFF.map((s) => s.username)]);
  const takenEmails = new Set<string>();
  const cityPicker = new Weighted(CITIES.map((c, i) => [i, c.weight] as const));

  const createdAt = new Float64Array(n);
  const start = now - HISTORY_DAYS * DAY;
  // Density grows toward now (a growing product): t = sqrt(u) of the span.
  for (let i = 0; i < n; i++)
    createdAt[i] = start + Math.sqrt(rng.next()) * (HISTORY_DAYS * DAY - 10 * MINUTE);
  createdAt.sort();

  const model: DemoUsers = {
    count: n,
    ids: [],
    usernames: [],
    createdAt,
    activity: new Float32Array(n),
    popularity: new Float32Array(n),
    online: new Uint8Array(n),
    active: new Uint8Array(n),
    premium: new Uint8Array(n),
    city: new Uint16Array(n),
    admins: [],
  };
  const adminRows: UserRow[] = [DEMO_ADMIN, ...STAFF].map((admin, k) => {
    const id = rng.uuid();
    model.admins.push({ id, username: admin.username });
    const created = new Date(now - ('daysAgo' in admin ? admin.daysAgo : HISTORY_DAYS + 1) * DAY);
    const email = 'email' in admin ? admin.email : `${admin.username.replace('_', '.')}@switchboard.local`;
    return userRow(
      { id, username: admin.username, email, fullName: admin.fullName, createdAt: created },
      {
        passwordHash,
        isAdmin: true,
        isRootAdmin: k === 0,
        lastSeenAt: null,
        lastLogin: null,
      },
    );
  });

  const regularRows = (i: number): UserRow => {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const username = makeUsername(rng, first, last, taken);
    const email = makeEmail(rng, first, last, username, takenEmails);
    const active = !rng.chance(0.03);
    const online = active && rng.chance(0.08 / 0.97);
    const created = createdAt[i] as number;
    const lastSeen = online
      ? now - rng.int(0, 90_000)
      : Math.max(
          created + MINUTE,
          now - (active ? 2 * MINUTE + rng.exponential(5 * DAY) : 30 * DAY + rng.exponential(120 * DAY)),
        );
    // A third of the inactive accounts were deleted by an admin some time after they were last seen.
    const deletedAt =
      !active && deletions.chance(1 / 3)
        ? new Date(Math.min(now - MINUTE, lastSeen + deletions.exponential(20 * DAY)))
        : null;
    const city = cityPicker.pick(rng);
    model.ids.push(rng.uuid());
    model.usernames.push(username);
    model.active[i] = active ? 1 : 0;
    model.online[i] = online ? 1 : 0;
    model.premium[i] = rng.chance(0.15) ? 1 : 0;
    model.city[i] = city;
    model.activity[i] = active ? Math.max(online ? 0.3 : 0, 0.03 + 0.97 * rng.next() ** 2) : 0.02;
    model.popularity[i] = 0.02 + 0.98 * rng.next() ** 4;
    const place = CITIES[city];
    return userRow(
      {
        id: model.ids[i] as string,
        username,
        email,
        fullName: `${first} ${last}`,
        createdAt: new Date(created),
      },
      {
        isActive: active,
        // Online means a live /app connection (modules/calling/presence): the seed connects no one, so
        // it marks no one online. `online` still shapes the demo's activity and last-seen times.
        isOnline: false,
        isPremium: model.premium[i] === 1,
        lastSeenAt: new Date(Math.min(lastSeen, now)),
        lastLogin: new Date(Math.max(created, lastSeen - rng.between(0, 4 * 3_600_000))),
        location: place ? `${place.city}, ${place.country}` : null,
        deletedAt,
      },
    );
  };

  const total = adminRows.length + n;
  await insertInBatches(
    input.tx,
    usersTable,
    total,
    (i) => (i < adminRows.length ? (adminRows[i] as UserRow) : regularRows(i - adminRows.length)),
    {
      batchSize: 2_000,
      progress: (done) => input.progress(done, total),
    },
  );
  return model;
}

/** Every row spells out every column: batch inserts take their column list from the first row. */
function userRow(
  base: Pick<UserRow, 'id' | 'username' | 'email' | 'fullName' | 'createdAt'>,
  extra: Partial<UserRow>,
): UserRow {
  return {
    ...base,
    passwordHash: null,
    isActive: true,
    isAdmin: false,
    isRootAdmin: false,
    isPremium: false,
    isOnline: false,
    deletedAt: null,
    lastSeenAt: null,
    lastLogin: null,
    location: null,
    profilePicture: null,
    ...extra,
    updatedAt: extra.lastSeenAt ?? base.createdAt,
  };
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function makeUsername(rng: Random, first: string, last: string, taken: Set<string>): string {
  const f = asciiSlug(first);
  const l = asciiSlug(last);
  const styles = [
    () => `${f}_${l}`,
    () => `${f}${l}`,
    () => `${f}${l}${rng.int(1, 99)}`,
    () => `${f.charAt(0)}${l}`,
    () => `${f}-${l}`,
    () => `${f}${rng.int(1975, 2007)}`,
    () => `${l}_${f.charAt(0)}`,
    () => `${capitalize(f)}${capitalize(l)}`,
  ];
  const base = (rng.pick(styles)() || 'user').slice(0, 40);
  let name = base;
  while (taken.has(name.toLowerCase())) name = `${base}${rng.int(2, 9999)}`;
  taken.add(name.toLowerCase());
  return name;
}

function makeEmail(rng: Random, first: string, last: string, username: string, taken: Set<string>): string {
  const local = rng.chance(0.5) ? `${asciiSlug(first)}.${asciiSlug(last)}` : username.toLowerCase();
  const domain = rng.pick(EMAIL_DOMAINS);
  let email = `${local}@${domain}`;
  while (taken.has(email)) email = `${local}${rng.int(2, 9999)}@${domain}`;
  taken.add(email);
  return email;
}
