import type { AppConfig } from '@switchboard/contract/app-config';
import { ICE_CANDIDATE_POOL_SIZE } from '@switchboard/contract/app-config-sections';

/** What the softphone keeps of its sign-in, apart from the console's session. */
export interface AppSession {
  token: string;
  user: { id: string; username: string };
}

/** A contact as the account endpoints list them. */
export interface ContactCard {
  id: string;
  username: string;
  is_online: boolean;
}

const API = '/api/v1';
const STORAGE_KEY = 'softphone_session';

export const readAppSession = (): AppSession | null => {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as AppSession) : null;
  } catch {
    return null;
  }
};
export const storeAppSession = (session: AppSession | null) =>
  session
    ? sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session))
    : sessionStorage.removeItem(STORAGE_KEY);

async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body) headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const response = await fetch(path.startsWith('/config.json') ? path : `${API}${path}`, {
    ...init,
    headers,
  });
  const body = (await response.json().catch(() => ({}))) as { message?: string; detail?: string };
  if (!response.ok) throw new Error(body.detail ?? body.message ?? `Request failed (${response.status})`);
  return body as T;
}

/** Signs an app user in (the app sign-in, not the console's). */
export async function signIn(username: string, password: string): Promise<AppSession> {
  const body = await call<{ access_token: string; user: { id: string; username: string } }>(
    '/auth/app/login',
    {
      method: 'POST',
      body: JSON.stringify({ username, password }),
    },
  );
  return { token: body.access_token, user: { id: body.user.id, username: body.user.username } };
}

type TokenBody = { access_token: string; user: { id: string; username: string } };
const toSession = (body: TokenBody): AppSession => ({
  token: body.access_token,
  user: { id: body.user.id, username: body.user.username },
});

/** Creates an app account (`POST /auth/register`); the answer signs the new user in. */
export async function signUp(input: { username: string; email: string; password: string }) {
  return toSession(await call<TokenBody>('/auth/register', { method: 'POST', body: JSON.stringify(input) }));
}

/** What `POST /auth/request-otp` answers; `demo_code` only while the server runs demo data without a gateway. */
export interface CodeRequested {
  pending_token: string;
  expires_in: number;
  demo_code?: string;
}

/** Asks the server to send a one-time sign-in code to the account with this username or e-mail. */
export async function requestCode(login: string): Promise<CodeRequested> {
  return call<CodeRequested>('/auth/request-otp', {
    method: 'POST',
    body: JSON.stringify({ username: login }),
  });
}

/** Signs in with the code (`POST /auth/verify-otp`). */
export async function verifyCode(pendingToken: string, code: string): Promise<AppSession> {
  return toSession(
    await call<TokenBody>('/auth/verify-otp', {
      method: 'POST',
      body: JSON.stringify({ pending_token: pendingToken, code }),
    }),
  );
}

export async function listContacts(token: string): Promise<ContactCard[]> {
  return (await call<{ data: { contacts: ContactCard[] } }>('/users/contacts', { token })).data.contacts;
}

export async function searchUsers(token: string, q: string): Promise<ContactCard[]> {
  return (
    await call<{ data: { users: ContactCard[] } }>(`/users/search?q=${encodeURIComponent(q)}`, { token })
  ).data.users;
}

export async function addContact(token: string, userId: string): Promise<void> {
  await call('/users/contacts', { method: 'POST', token, body: JSON.stringify({ user_id: userId }) });
}

/** ICE servers for RTCPeerConnection; signed in, /config.json adds the TURN relay with credentials. */
export async function iceConfiguration(token: string): Promise<RTCConfiguration> {
  try {
    const config = await call<AppConfig>('/config.json', { token });
    return {
      iceServers: config.webrtc.ice_servers,
      iceCandidatePoolSize: config.webrtc.ice_candidate_pool_size,
    };
  } catch {
    return { iceServers: [], iceCandidatePoolSize: ICE_CANDIDATE_POOL_SIZE };
  }
}
