/** The signed-in admin as the web app holds it. */
export interface SessionUser {
  id: string;
  username: string;
  email: string;
  isAdmin: boolean;
  isRootAdmin: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Accepts the server's user (snake_case) or a stored one (camelCase). isAdmin defaults to true when the
 * server omits it. Returns null when the shape is not a user at all.
 */
export function toSessionUser(raw: unknown): SessionUser | null {
  if (!isRecord(raw)) return null;
  const id = raw.id;
  const username = raw.username;
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof username !== 'string') return null;
  const admin = raw.isAdmin ?? raw.is_admin;
  const root = raw.isRootAdmin ?? raw.is_root_admin;
  return {
    id: String(id),
    username,
    email: typeof raw.email === 'string' ? raw.email : '',
    isAdmin: typeof admin === 'boolean' ? admin : true,
    isRootAdmin: root === true,
  };
}
