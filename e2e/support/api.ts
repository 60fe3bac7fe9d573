import type { Settings } from '@switchboard/contract/settings';

/** Direct API calls for arranging test data, so a spec's clicks go to what it is about. */
export async function apiToken(baseUrl: string, username = 'admin', password = 'Admin123!'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    // As a browser signs in (the bench signs in this way too, and sends this on every request).
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function createUser(
  baseUrl: string,
  token: string,
  user: { username: string; email: string; full_name?: string; password: string; is_admin?: boolean },
): Promise<{ id: string }> {
  const res = await fetch(`${baseUrl}/api/v1/admin/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(user),
  });
  if (res.status !== 201) throw new Error(`create user failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: string } }).data;
}

/**
 * Sets "Coins for a new account" (`calling.welcome_coins`, 100 in the demo) to 0, so the accounts a spec
 * creates next start with an empty balance and its sums are its own.
 */
export async function withoutWelcomeCoins(baseUrl: string, token: string): Promise<void> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const read = await fetch(`${baseUrl}/api/v1/admin/settings`, { headers });
  const settings = ((await read.json()) as { data: Settings }).data;
  const res = await fetch(`${baseUrl}/api/v1/admin/settings`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...settings, calling: { ...settings.calling, welcome_coins: 0 } }),
  });
  if (!res.ok) throw new Error(`saving the welcome coins failed: ${res.status} ${await res.text()}`);
}
